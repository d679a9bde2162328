import { describe, expect, it } from 'vitest';
import { isHttpsUrl, isLogoPath, readPartners } from '../../src/domain/partners';

describe('the partner setting', () => {
  it('gives no partners when it is unset or blank', () => {
    expect(readPartners('')).toEqual([]);
    expect(readPartners('  ')).toEqual([]);
  });

  it('reads a list of partners with a name, a logo from public/ and a link', () => {
    const setting = JSON.stringify([
      { name: 'Systemhaus Nord GmbH', logo: '/partners/systemhaus-nord.svg', url: 'https://systemhaus-nord.example/' },
      { name: 'Datenwerk Süd' },
    ]);
    expect(readPartners(setting)).toEqual([
      { name: 'Systemhaus Nord GmbH', logo: '/partners/systemhaus-nord.svg', url: 'https://systemhaus-nord.example/' },
      { name: 'Datenwerk Süd' },
    ]);
  });

  it.each([
    ['not JSON', '[{name:"x"}]', /JSON/],
    ['an object instead of a list', '{"name":"x"}', 'not a list of partners'],
    ['a partner without a name', '[{"logo":"/partners/x.svg"}]', /name/],
    ['a blank name', '[{"name":" "}]', 'a partner needs a name'],
    ['an unknown field', '[{"name":"x","link":"https://x.example/"}]', /link/],
    ['a link over http', '[{"name":"x","url":"http://x.example/"}]', 'a partner link is an https address'],
    [
      'a logo from another origin',
      '[{"name":"x","logo":"https://x.example/logo.svg"}]',
      'a logo is a path such as /partners/x.svg',
    ],
    ['an entry that is not a partner', '["Systemhaus Nord"]', 'partner 0: not a partner (an object with a name)'],
    ['an entry that is a list', '[["x"]]', 'partner 0: not a partner (an object with a name)'],
    ['an entry that is null', '[{"name":"x"},null]', 'partner 1: not a partner (an object with a name)'],
    ['a name that is not a text', '[{"name":7}]', 'partner 0.name: a partner needs a name (a text)'],
    [
      'a link that is not a text',
      '[{"name":"x","url":1}]',
      'partner 0.url: a partner link is an https address (a text)',
    ],
    ['a sample mark that is not true or false', '[{"name":"x","sample":"yes"}]', 'partner 0.sample: true or false'],
  ])('throws for %s', (_, setting, message) => {
    expect(() => readPartners(setting)).toThrow(message);
  });

  it('says where a list does not match, and keeps only the fields given', () => {
    expect(() => readPartners('[{"name":"x"},{"name":"y","logo":"x.svg"}]')).toThrow(
      expect.objectContaining({
        name: 'PartnerSettingError',
        where: 'partner 1.logo',
        message: 'partner 1.logo: a logo is a path such as /partners/x.svg',
      }),
    );
    expect(() => readPartners('{}')).toThrow(expect.objectContaining({ where: null }));
    expect(readPartners('[{"name":"x","sample":false}]')).toEqual([{ name: 'x', sample: false }]);
    expect(Object.keys(readPartners('[{"name":"x"}]')[0] ?? {})).toEqual(['name']);
  });

  it.each([
    ['/partners/x.svg', true],
    ['/x.png', true],
    ['partners/x.svg', false],
    ['//evil.example/x.svg', false],
    ['/\\evil.example/x.svg', false],
    ['/partners/../../etc/passwd', false],
    ['/partners/x.svg?v=1', false],
  ])('takes %j as a logo path: %s', (path, expected) => {
    expect(isLogoPath(path)).toBe(expected);
  });

  it.each([
    ['https://www.example.org/imprint', true],
    ['http://www.example.org/imprint', false],
    ['www.example.org/imprint', false],
    ['/imprint', false],
    ['mailto:support@example.org', false],
    ['https://', false],
  ])('takes %j as an https address: %s', (url, expected) => {
    expect(isHttpsUrl(url)).toBe(expected);
  });
});
