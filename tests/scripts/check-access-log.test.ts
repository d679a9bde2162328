import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { leaks, requestUrl } from '../../scripts/check-access-log.mjs';

const script = join(process.cwd(), 'scripts/check-access-log.mjs');
const folder = mkdtempSync(join(tmpdir(), 'access-log-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (url: string) =>
  `127.0.0.1 - - [23/Nov/2026:15:35:47 +0000] "GET ${url} HTTP/1.1" 200 3214 "-" "Mozilla/5.0"`;

function check(lines: string[]) {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(file, lines.join('\n'));
  return spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
}

describe('the access log check', () => {
  it("reads the URL of a request line in nginx's combined format", () => {
    expect(requestUrl(line('/login?a=1'))).toBe('/login?a=1');
    expect(requestUrl('not a log line')).toBeNull();
  });

  it('finds credentials and personal fields in a query, also percent-encoded or in another case', () => {
    expect(leaks('/login?email=demo%40example.com&password=secret')).toEqual(['password', 'email']);
    expect(leaks('/register?FirstName=Ella')).toEqual(['firstname']);
    expect(leaks('/x?next=%2Flogin%3Fpassword%3Dsecret')).toEqual(['password']);
    expect(leaks('/assets/main.js')).toEqual([]);
    expect(leaks('/shop?tab=PBS')).toEqual([]);
  });

  it('passes a log of clean requests and says how many it read', () => {
    const result = check([line('/'), line('/api/v1/login'), line('/newpassword?email=demo%40example.com&token=abc')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('3 requests');
  });

  it('fails on a login sent natively, naming the URL', () => {
    const result = check([line('/'), line('/login?email=demo%40example.com&password=Demo-Password-2026')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('password, email: /login?email=demo%40example.com&password=Demo-Password-2026');
  });

  it('fails on a password even in the reset link, whose email the spec puts there', () => {
    const result = check([line('/newpassword?email=a%40b.de&token=t&password=x')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('password:');
  });

  it('fails on an empty log, which proves nothing', () => {
    const result = check([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is empty');
  });
});
