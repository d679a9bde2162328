import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMessages, readGlossary } from '../../scripts/glossary.mjs';

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const glossary = readGlossary(read('docs/glossary.md'));
const de = JSON.parse(read('translations/de.json')) as Record<string, string>;
const en = JSON.parse(read('translations/en.json')) as Record<string, string>;
const nbsp = '\u00a0';

describe('the glossary check', () => {
  it('reads the terms and the allowed phrases of docs/glossary.md', () => {
    const vat = glossary.terms.find((term) => term.chosen.de.includes('zzgl. USt.'));
    expect(vat?.ruledOut.de).toContain('MwSt');
    expect(glossary.allowed).toContainEqual({
      language: 'de',
      phrase: '„Subskription“',
      only: ['orderDone.step.activate', 'shop.faq.openSource.answer'],
    });
  });

  it('passes the real translation files', () => {
    expect(checkMessages(en, 'en', glossary)).toEqual([]);
    expect(checkMessages(de, 'de', glossary)).toEqual([]);
  });

  it('fails on a planted variant, naming the message and the variant', () => {
    const problems = checkMessages({ ...de, 'planted.vat': `Alle Preise zzgl. MwSt.` }, 'de', glossary);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/"planted\.vat" uses "MwSt"/);
    expect(checkMessages({ 'planted.key': 'We send the subscription key.' }, 'en', glossary).join('\n')).toMatch(
      /"planted\.key" uses "subscription key"/,
    );
  });

  it('finds variants as whole words only, after removing the chosen terms and allowed phrases', () => {
    expect(checkMessages({ a: `Anzahl der CPU-Sockel`, b: 'Backup-Speicher kaufen' }, 'de', glossary)).toEqual([]);
    expect(checkMessages({ a: 'Number of CPU sockets', b: 'one {# CPU socket}' }, 'en', glossary)).toEqual([]);
    expect(checkMessages({ a: 'Wählen Sie 1, 2 oder 4 CPUs.' }, 'de', glossary)).toHaveLength(1);
    // A Proxmox label is allowed where the glossary says so, and only there.
    const activate = 'Tragen Sie den Schlüssel unter „Subskription“ ein.';
    expect(checkMessages({ 'orderDone.step.activate': activate }, 'de', glossary)).toEqual([]);
    expect(checkMessages({ 'shop.other': activate }, 'de', glossary)).toHaveLength(1);
    // Placeholder and tag names are not words.
    expect(checkMessages({ a: 'erklärt die {tutorial}.', b: 'im <tutorial>Link</tutorial>' }, 'de', glossary)).toEqual(
      [],
    );
  });

  it('fails on a plain space between a number or a placeholder and a unit', () => {
    const planted = { ...de, 'planted.space': `{volume} TB (85 %) zu 20,00 €` };
    const problems = checkMessages(planted, 'de', glossary);
    expect(problems).toEqual([
      expect.stringMatching(/"planted\.space" has a plain space before "TB"/),
      expect.stringMatching(/"planted\.space" has a plain space before "%"/),
      expect.stringMatching(/"planted\.space" has a plain space before "€"/),
    ]);
    expect(checkMessages({ ok: `{volume}${nbsp}TB (85${nbsp}%)`, word: '5 Terabyte, 3 GBit' }, 'de', glossary)).toEqual(
      [],
    );
    expect(checkMessages({ planted: '{volume} TB' }, 'en', glossary)).toHaveLength(1);
  });

  it('fails on a plain space before a German unit of time and inside “zzgl. USt.”, in German only', () => {
    const planted = { 'planted.time': 'in 5 Minuten, {days, plural, other {# Tage}} oder 4 Werktagen, zzgl. USt.' };
    expect(checkMessages(planted, 'de', glossary)).toEqual([
      expect.stringMatching(/"planted\.time" has a plain space before "Minuten"/),
      expect.stringMatching(/"planted\.time" has a plain space before "Tage"/),
      expect.stringMatching(/"planted\.time" has a plain space before "Werktagen"/),
      expect.stringMatching(/"planted\.time" has a plain space before "USt\."/),
    ]);
    expect(
      checkMessages(
        { ok: `in 5${nbsp}Minuten, 30${nbsp}Tage, zzgl.${nbsp}USt., am Tag danach, 3 Tagesordner` },
        'de',
        glossary,
      ),
    ).toEqual([]);
    expect(checkMessages({ planted: 'within 5 minutes, 2 business days' }, 'en', glossary)).toEqual([]);
  });

  it('wants a space before a German ellipsis and none before an English one', () => {
    expect(checkMessages({ busy: 'Wird gespeichert…' }, 'de', glossary)).toHaveLength(1);
    expect(checkMessages({ busy: 'Wird gespeichert …' }, 'de', glossary)).toEqual([]);
    expect(checkMessages({ 'company.cancel.button': 'Vertrag kündigen…' }, 'de', glossary)).toEqual([]);
    expect(checkMessages({ busy: 'Saving …' }, 'en', glossary)).toHaveLength(1);
  });

  it('is part of npm run i18n -- check, which passes on the repository', () => {
    const run = spawnSync(process.execPath, ['scripts/check-translations.mjs'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
