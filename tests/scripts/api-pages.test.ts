import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPages, buildApiPages } from '../../scripts/contract/api-pages.mjs';

/** The summaries of a description's operations (`summary:` under a method, six spaces in). */
function operationSummaries(description: string): string[] {
  return [...readFileSync(description, 'utf8').matchAll(/^ {6}summary: (.+)$/gm)].map((match) => match[1] ?? '');
}

/** Decodes the few entities Redoc's prerendered HTML writes. */
const text = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

describe('the API reference pages (npm run contract -- pages)', { timeout: 60_000 }, () => {
  let out: string;
  let pages: string[];
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'api-pages-'));
    pages = buildApiPages(out).map((path) => readFileSync(path, 'utf8'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('render every operation of both descriptions, prerendered, under the page title', () => {
    apiPages.forEach(({ description, title }, index) => {
      const page = text(pages[index] ?? '');
      expect(page).toContain(`<title>${title}</title>`);
      const summaries = operationSummaries(description);
      expect(summaries.length).toBeGreaterThan(10);
      expect(summaries.filter((summary) => !page.includes(summary))).toEqual([]);
    });
  });

  it('load nothing from outside: Redoc is inlined and the page forbids every request out', () => {
    for (const page of pages) {
      const tags = page.match(/<(script|link|img|iframe)\b[^>]*>/g) ?? [];
      expect(tags.filter((tag) => /\b(src|href)="(https?:)?\/\//.test(tag))).toEqual([]);
      expect(page).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:;/,
      );
    }
  });

  it('send no usage data to Redocly', () => {
    for (const page of pages) {
      expect(page).toContain('"disableTelemetry":true');
      expect(page).not.toContain('"disableTelemetry":false');
    }
  });
});
