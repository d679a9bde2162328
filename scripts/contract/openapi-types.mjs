#!/usr/bin/env node
// @ts-check
/**
 * Generates the TypeScript types of the v1 description (contracts/v1.openapi.yaml) and of the v1.1
 * proposal (contracts/v1.1.openapi.yaml) with openapi-typescript, formatted as the project formats
 * its code, into contracts/v1.openapi.d.ts and contracts/v1.1.openapi.d.ts.
 * tests/types/structs-match-openapi.test-d.ts and v1-1-structs-match-openapi.test-d.ts compare them
 * with the portal's structs (decisions 051, 057).
 *
 *   npm run contract -- openapi-types            writes the file
 *   npm run contract -- openapi-types --check    fails when writing it would change it (CI, via `openapi`)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

const repo = new URL('../..', import.meta.url).pathname;
/** Each description and the types generated from it: v1 as it is, and the v1.1 proposal. */
const descriptions = [
  { source: 'contracts/v1.openapi.yaml', target: 'contracts/v1.openapi.d.ts' },
  { source: 'contracts/v1.1.openapi.yaml', target: 'contracts/v1.1.openapi.d.ts' },
];

/**
 * The generated file's text, as it should be committed.
 * @param {{ source: string, target: string }} description
 */
async function generatedTypes({ source, target }) {
  const nodes = await openapiTS(new URL(`file://${join(repo, source)}`), { silent: true });
  const text = `${COMMENT_HEADER}// From ${source}: npm run contract -- openapi-types\n\n${astToString(nodes)}`;
  const output = join(repo, target);
  return format(text, { ...(await resolveConfig(output)), filepath: output });
}

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  for (const description of descriptions) {
    const { source, target } = description;
    const wanted = await generatedTypes(description);
    const output = join(repo, target);
    if (values.check) {
      let current = '';
      try {
        current = readFileSync(output, 'utf8');
      } catch {
        // Missing: stale as well.
      }
      if (current !== wanted) {
        console.error(
          `contract:openapi-types: ${target} is stale: run npm run contract -- openapi-types and commit it`,
        );
        process.exit(1);
      }
      console.log(`contract:openapi-types: ${target} is what ${source} generates`);
      continue;
    }
    writeFileSync(output, wanted);
    console.log(`contract:openapi-types: wrote ${target}`);
  }
}

await main();
