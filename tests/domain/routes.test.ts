import { readFileSync } from 'node:fs';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { firstReadsAt, paths, routeMatcher, routeNames, routes } from '../../src/domain/routes';

describe('the routes of the portal (SPEC §2)', () => {
  it('define each page once: one pattern per name, no pattern twice', () => {
    expect(routeNames).toEqual(Object.keys(routes));
    const patterns = routeNames.map((name) => routes[name].pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('give every page an address that its own pattern matches and no other', () => {
    const addresses = [
      ...routeNames.map((name) => [name, paths[name]()] as const),
      ['login', paths.login('changed')] as const,
      ['shop', paths.shop(6)] as const,
      ['ishop', paths.ishop(3)] as const,
      ['datastore', paths.datastore('k10001_web')] as const,
    ];
    for (const [name, address] of addresses) {
      expect(
        routeNames.filter((candidate) => routeMatcher(candidate).test(address)),
        address,
      ).toEqual([name]);
    }
  });

  it('fill in or leave out the optional parameter, and tolerate a trailing slash', () => {
    expect(paths.shop()).toBe('/shop');
    expect(paths.ishop(12)).toBe('/ishop/12');
    expect(paths.login('changed')).toBe('/login/changed');
    expect(paths.orderDone()).toBe('/order_done');
    expect(paths.landing()).toBe('/');
    expect(routeMatcher('company').test('/company/')).toBe(true);
    expect(routeMatcher('company').test('/company/x')).toBe(false);
    expect(routeMatcher('ishop', '\\d{1,9}').test('/ishop/abc')).toBe(false);
    expect(routeMatcher('ishop', '\\d{1,9}').test('/ishop/7')).toBe(true);
  });

  it('are the only place in src that writes a page path: links and navigation use paths', async () => {
    const pagePath = new RegExp(
      `['"\`]/(${routeNames.map((name) => routes[name].pattern.slice(1).split('/')[0]).join('|')})(['"\`/?])`,
    );
    const files = await glob('src/**/*.{ts,tsx}', {
      // The mock is the server: its mails carry the links a real server sends (SPEC §2 reset link).
      ignore: ['src/domain/routes.ts', 'src/mocks/**'],
    });
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.trim(), where: `${file}:${index + 1}` }))
        // Comments may name a page; the API's own paths (/company, /contact, …) are the api layer's.
        .filter(({ line }) => !/^(\/\/|\*|\/\*)/.test(line))
        .filter(({ where }) => !where.startsWith('src/api/'))
        .filter(({ line }) => pagePath.test(line))
        .map(({ where, line }) => `${where}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});

describe("a page's first reads", () => {
  it("are the dashboard's status and company with a login, and none without", () => {
    expect(firstReadsAt('/dashboard', true)).toEqual(['/status', '/company']);
    expect(firstReadsAt('/dashboard', false)).toEqual([]);
  });

  it("are the shop's catalogue for everyone, on its list and its order step", () => {
    expect(firstReadsAt('/shop', false)).toEqual(['/licences']);
    expect(firstReadsAt('/shop/3', false)).toEqual(['/licences']);
  });

  it("are the company page's company, and the tutorial's status, with a login", () => {
    expect(firstReadsAt('/company', true)).toEqual(['/company']);
    expect(firstReadsAt('/tutorial', true)).toEqual(['/status']);
    expect(firstReadsAt('/ishop', true)).toEqual(['/licences']);
  });

  it('are none for a page that reads nothing first, or an unknown address', () => {
    expect(firstReadsAt('/login', false)).toEqual([]);
    expect(firstReadsAt('/nowhere', true)).toEqual([]);
  });
});
