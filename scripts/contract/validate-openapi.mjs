#!/usr/bin/env node
// @ts-check
/**
 * Validates a consumer contract against its description with @pactflow/swagger-mock-validator, and
 * fails on any error or warning (decision 051): by default the v1 contract
 * (contracts/backup-portal-v1-api.json) against v1 as it is (contracts/v1.openapi.yaml);
 * `npm run contract -- openapi` also runs it for the v1.1 contract
 * (contracts/backup-portal-v1.1-api.json) against the proposal (contracts/v1.1.openapi.yaml).
 *
 *   npm run contract -- openapi     (lints, checks the generated types, then runs this for both)
 *   node scripts/contract/validate-openapi.mjs [--spec FILE] [--pact FILE]
 *
 * The validator is run so that it reads the description as written:
 * - `additionalPropertiesInResponse` and `requiredPropertiesInResponse` are on, so that an answer's
 *   `additionalProperties: true` (tolerant reading, decision 019) and its required fields count;
 *   by default it would forbid every field the description does not name and ignore `required`.
 * - It reads neither `servers` nor status ranges (its docs/OPENAPI3.md). The description it gets is
 *   therefore Redocly's JSON bundle with two changes that keep its meaning: each path carries the
 *   server's path (`/api/v1`, `/api/v1.1`), and a range such as `4XX` stands for each code of its class that the
 *   operation does not name itself (OpenAPI: an explicit code wins over its range).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SwaggerMockValidatorFactory } from '@pactflow/swagger-mock-validator';

const repo = new URL('../..', import.meta.url).pathname;
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The description as the validator can read it: paths under the server's path, ranges as codes.
 * @param {any} spec an OpenAPI 3 document, bundled to JSON
 */
function forValidator(spec) {
  const [server] = spec.servers ?? [];
  const base = server ? new URL(server.url, 'http://host').pathname.replace(/\/$/, '') : '';
  /** @type {Record<string, any>} */
  const paths = {};
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const copy = { ...item };
    for (const method of methods) {
      if (copy[method]) copy[method] = { ...copy[method], responses: expandRanges(copy[method].responses ?? {}) };
    }
    paths[`${base}${path}`] = copy;
  }
  return { ...spec, servers: [{ url: '/' }], paths };
}

/**
 * `4XX` → 400 … 499, each code the operation does not name itself.
 * @param {Record<string, unknown>} responses
 */
function expandRanges(responses) {
  /** @type {Record<string, unknown>} */
  const expanded = {};
  for (const [code, response] of Object.entries(responses)) {
    const range = /^([1-5])XX$/i.exec(code);
    if (!range) {
      expanded[code] = response;
      continue;
    }
    for (let status = Number(range[1]) * 100; status < Number(range[1]) * 100 + 100; status++) {
      if (!(String(status) in responses)) expanded[String(status)] = response;
    }
  }
  return expanded;
}

/**
 * One line per finding: its code, the interaction and what the validator says.
 * @param {{ code: string, message: string, mockDetails?: { interactionDescription?: string | null } }} result
 */
const line = (result) =>
  `  ${result.code}: ${result.mockDetails?.interactionDescription ?? '(file)'}: ${result.message}`;

async function main() {
  const { values } = parseArgs({
    options: {
      spec: { type: 'string', default: 'contracts/v1.openapi.yaml' },
      pact: { type: 'string', default: 'contracts/backup-portal-v1-api.json' },
    },
  });
  const spec = resolve(repo, values.spec);
  const pact = resolve(repo, values.pact);
  const work = mkdtempSync(join(tmpdir(), 'openapi-pact-'));
  try {
    const bundled = join(work, 'bundled.json');
    const bundle = spawnSync(
      join(repo, 'node_modules/.bin/redocly'),
      ['bundle', spec, '--config', join(repo, 'contracts/redocly.yaml'), '--ext', 'json', '--output', bundled],
      {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    if (bundle.status !== 0) {
      console.error(`contract:openapi: redocly bundle failed:\n${bundle.stderr}`);
      process.exit(1);
    }
    const readable = join(work, 'for-validator.json');
    writeFileSync(readable, JSON.stringify(forValidator(JSON.parse(readFileSync(bundled, 'utf8')))));

    const outcome = await SwaggerMockValidatorFactory.create().validate({
      specPathOrUrl: readable,
      mockPathOrUrl: pact,
      additionalPropertiesInResponse: 'true',
      requiredPropertiesInResponse: 'true',
    });
    const interactions = JSON.parse(readFileSync(pact, 'utf8')).interactions.length;
    if (outcome.errors.length > 0 || outcome.warnings.length > 0) {
      console.error(
        `contract:openapi: ${values.pact} does not fit ${values.spec}: ` +
          `${outcome.errors.length} error(s), ${outcome.warnings.length} warning(s)`,
      );
      for (const result of [...outcome.errors, ...outcome.warnings]) console.error(line(result));
      process.exit(1);
    }
    console.log(`contract:openapi: all ${interactions} interactions of ${values.pact} fit ${values.spec}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
