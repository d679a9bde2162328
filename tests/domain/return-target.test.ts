import { describe, expect, it } from 'vitest';
import { loginPathFor, returnTargetFromQuery, safeReturnTarget } from '../../src/domain/return-target';

describe('the page a login leads back to', () => {
  it.each(['/dashboard', '/company', '/tutorial', '/encryption', '/notifications', '/contact', '/ishop', '/ishop/3'])(
    'accepts the portal page %s',
    (page) => {
      expect(safeReturnTarget(page)).toBe(page);
    },
  );

  it('drops a trailing slash, as the routes accept one', () => {
    expect(safeReturnTarget('/company/')).toBe('/company');
    expect(safeReturnTarget('/ishop/3/')).toBe('/ishop/3');
  });

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/company'],
    ['an absolute address', 'https://evil.example'],
    ['an absolute address of a portal page on another host', 'https://evil.example/company'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash with a path', '/\\evil.example/company'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a javascript: address in capitals', 'JAVASCRIPT:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an encoded leading double slash', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded double slash', '%252F%252Fevil.example'],
    ['an encoded javascript: address', 'javascript%3Aalert(1)'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['leading blanks', ' /company'],
    ['a path that climbs', '/company/../../evil'],
    ['a dotted segment', '/./company'],
    ['a query string', '/company?next=//evil.example'],
    ['a fragment', '/company#x'],
    ['a user part', '/@evil.example'],
    ['a public page', '/register'],
    ['the login page itself', '/login'],
    ['the landing page', '/'],
    ['an unknown page', '/admin'],
    ['a portal page with an unknown tail', '/company/extra'],
    ['a licence id that is no number', '/ishop/abc'],
    ['a licence id in the public shop', '/shop/3'],
    ['an empty text', ''],
    ['a very long path', `/ishop/${'1'.repeat(80)}`],
  ])('refuses %s', (_, candidate) => {
    expect(safeReturnTarget(candidate)).toBeNull();
  });

  it('refuses what is no text at all', () => {
    expect(safeReturnTarget(null)).toBeNull();
    expect(safeReturnTarget(undefined)).toBeNull();
    expect(safeReturnTarget(['/company'])).toBeNull();
  });

  it('reads the target from the query string of the login page, decoded once and then checked', () => {
    expect(returnTargetFromQuery('next=%2Fcompany')).toBe('/company');
    expect(returnTargetFromQuery('?next=/ishop/3')).toBe('/ishop/3');
    expect(returnTargetFromQuery('next=%2F%2Fevil.example')).toBeNull();
    expect(returnTargetFromQuery('next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnTargetFromQuery('next=%2F%5Cevil.example')).toBeNull();
    expect(returnTargetFromQuery('next=%252F%252Fevil.example')).toBeNull();
    expect(returnTargetFromQuery('')).toBeNull();
  });

  it('gives the login page an address that leads back only to portal pages', () => {
    expect(loginPathFor('/company')).toBe('/login?next=%2Fcompany');
    expect(loginPathFor('/ishop/3')).toBe('/login?next=%2Fishop%2F3');
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(loginPathFor('/register')).toBe('/login');
  });
});
