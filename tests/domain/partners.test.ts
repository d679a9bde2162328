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
    ['an object instead of a list', '{"name":"x"}', /Expected an array/],
    ['a partner without a name', '[{"logo":"/partners/x.svg"}]', /name/],
    ['a blank name', '[{"name":" "}]', 'a partner needs a name'],
    ['an unknown field', '[{"name":"x","link":"https://x.example/"}]', /link/],
    ['a link over http', '[{"name":"x","url":"http://x.example/"}]', 'a partner link is an https address'],
    [
      'a logo from another origin',
      '[{"name":"x","logo":"https://x.example/logo.svg"}]',
      'a logo is a path such as /partners/x.svg',
    ],
  ])('throws for %s', (_, setting, message) => {
    expect(() => readPartners(setting)).toThrow(message);
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
