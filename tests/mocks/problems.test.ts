/**
 * The v1.1 mock's refusals are the problem types of the v1.1 description, with its statuses, in
 * the request's language (docs/api-v1.1.md, "Problem details").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problem, problemTypes } from '../../src/mocks/v1-1/problems';

/** The table of problem types in the description's introduction: type → status. */
function describedTypes(): Record<string, number> {
  const description = readFileSync('contracts/v1.1.openapi.yaml', 'utf8');
  const rows = [...description.matchAll(/^\s*\| \/problems\/([a-z-]+) \| (\d{3}) \|/gm)];
  return Object.fromEntries(rows.map(([, type = '', status = '']) => [type, Number(status)]));
}

describe('the problem types of the v1.1 mock', () => {
  it('are exactly those of the v1.1 description, each with its status', () => {
    const described = describedTypes();
    expect(Object.keys(described).length).toBeGreaterThan(20);
    expect(Object.fromEntries(Object.entries(problemTypes).map(([type, { status }]) => [type, status]))).toEqual(
      described,
    );
  });

  it("have the titles the description's examples show", () => {
    const description = readFileSync('contracts/v1.1.openapi.yaml', 'utf8');
    const titles = [...description.matchAll(/type: \/problems\/([a-z-]+)\n\s+title: (.+)\n/g)];
    expect(titles.length).toBeGreaterThan(3);
    for (const [, type = '', title = ''] of titles) {
      const known = new Map(Object.entries(problemTypes)).get(type);
      expect(known && [known.title.en, known.title.de], type).toContain(title);
    }
  });

  it('have a title in English and in German, different words in each', () => {
    for (const [type, { title }] of Object.entries(problemTypes)) {
      expect(title.en, type).not.toBe('');
      expect(title.de, type).not.toBe(title.en);
    }
  });
});

describe('a refusal of the v1.1 mock', () => {
  it('is application/problem+json in the language asked for, with its fields and Retry-After', async () => {
    const answer = problem('too-many-attempts', 'de', {
      detail: { en: 'Try again in a minute.', de: 'Versuchen Sie es in einer Minute erneut.' },
      retryAfter: 60,
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('Content-Type')).toBe('application/problem+json');
    expect(answer.headers.get('Content-Language')).toBe('de');
    expect(answer.headers.get('Retry-After')).toBe('60');
    await expect(answer.json()).resolves.toEqual({
      type: '/problems/too-many-attempts',
      title: 'Zu viele Versuche in kurzer Zeit',
      status: 429,
      detail: 'Versuchen Sie es in einer Minute erneut.',
      retry_after: 60,
    });
  });

  it('names the fields at fault in the language asked for', async () => {
    const answer = problem('postcode-country', 'en', {
      errors: [
        { field: 'postcode', detail: { en: 'Not a postcode of France.', de: 'Keine Postleitzahl Frankreichs.' } },
      ],
    });
    await expect(answer.json()).resolves.toEqual({
      type: '/problems/postcode-country',
      title: 'Postcode does not fit the country',
      status: 400,
      errors: [{ field: 'postcode', detail: 'Not a postcode of France.' }],
    });
  });
});
