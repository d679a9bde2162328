#!/usr/bin/env node
// @ts-check
/**
 * `npm run contract -- pages [--out DIR]`: the two descriptions of contracts/ (v1 as it is, the
 * v1.1 proposal) as static API reference pages for reviewers, rendered by Redoc through Redocly
 * CLI's `build-docs` (issue 43, item 6). The state gallery puts them beside its machines
 * (dist-gallery/api/, scripts/gallery/run.mjs).
 *
 * Each page stands alone and reaches nothing outside itself: Redoc's code is inlined
 * (`--inlineBundle`, not loaded from Redocly's CDN), the page's Content-Security-Policy
 * (contracts/api-page.hbs) lets no request out, and neither the CLI nor the page sends usage data
 * (`telemetry: off` in contracts/redocly.yaml, REDOCLY_TELEMETRY=off).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repo, run } from '../lib/commands.mjs';

/** The pages: file name, description, title. */
export const apiPages = [
  { file: 'v1.html', description: 'contracts/v1.openapi.yaml', title: 'Cloud Backup Portal: the v1 API as it is' },
  {
    file: 'v1.1.html',
    description: 'contracts/v1.1.openapi.yaml',
    title: 'Cloud Backup Portal: the v1.1 API (proposal)',
  },
];

/** Writes both pages into `out`; returns their paths. */
export function buildApiPages(/** @type {string} */ out) {
  mkdirSync(out, { recursive: true });
  return apiPages.map(({ file, description, title }) => {
    const output = join(out, file);
    run(
      'redocly',
      [
        'build-docs',
        description,
        '--config',
        'contracts/redocly.yaml',
        '--inlineBundle',
        '--template',
        'contracts/api-page.hbs',
        '--title',
        title,
        '--output',
        output,
      ],
      { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    );
    return output;
  });
}

/**
 * What is wrong with a built page as Chromium shows it (none: an empty list): a request that
 * would leave the page, a script error while Redoc takes the prerendered page over, or no API
 * title drawn. `browser` is Playwright's.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} path
 */
export async function apiPageProblems(browser, path) {
  const page = await browser.newPage();
  /** @type {string[]} */
  const problems = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    problems.push(`a request outside the page: ${url}`);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(`a script error: ${error.message}`));
  await page.goto(pathToFileURL(path).href, { waitUntil: 'networkidle' });
  const title = page.getByRole('heading', { level: 1 }).first();
  if (!(await title.isVisible())) problems.push('no API title drawn');
  await page.close();
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const out = resolve(repo, args.includes('--out') ? (args[args.indexOf('--out') + 1] ?? '') : 'dist-api');
  for (const page of buildApiPages(out)) console.log(`API page: ${page}`);
}
