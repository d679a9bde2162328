import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leaks, problems, refererOf, requestUrl, secrets } from '../../scripts/check-access-log.mjs';

const script = join(process.cwd(), 'scripts/check-access-log.mjs');
const folder = mkdtempSync(join(tmpdir(), 'access-log-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (url: string, referer = '-') =>
  `127.0.0.1 - - [23/Nov/2026:15:35:47 +0000] "GET ${url} HTTP/1.1" 200 3214 "${referer}" "Mozilla/5.0"`;
const resetLink = '/newpassword?email=demo%40example.com&token=hQ7kTz2mWp9xRb4sNc6vLd8fGj3yHe5a';

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
    expect(result.stderr).toContain('password, email, token, query on /newpassword: /newpassword?');
  });

  it("reads the Referer of a line, and none when nginx logged '-'", () => {
    expect(refererOf(line('/assets/main.js', 'http://127.0.0.1:4175/login'))).toBe('http://127.0.0.1:4175/login');
    expect(refererOf(line('/assets/main.js'))).toBeNull();
  });

  it('finds a reset token, an IBAN and a query on the reset page in a URL', () => {
    expect(secrets('/api/v1/me?token=abc')).toEqual(['token']);
    expect(secrets('/company?iban=DE89370400440532013000')).toEqual(['IBAN']);
    // Grouped as the company form shows it, percent-encoded or with plus signs for the spaces.
    expect(secrets('/x?q=DE89%203704%200044%200532%200130%2000')).toEqual(['IBAN']);
    expect(secrets('/x?q=DE89+3704+0044+0532+0130+00')).toEqual(['IBAN']);
    expect(secrets('/newpassword?next=1')).toEqual(['query on /newpassword']);
    expect(secrets(resetLink)).toEqual(['token', 'query on /newpassword']);
  });

  it('takes no hashed asset, reset token of mixed case or ordinary address for an IBAN', () => {
    expect(secrets('/assets/dashboard-DE33xYz9.js')).toEqual([]);
    expect(secrets('/assets/main-Dp30Z-QX.js')).toEqual([]);
    expect(secrets('/api/v1/datastore/cancel/k10001_archive')).toEqual([]);
    expect(secrets('/shop/3')).toEqual([]);
  });

  it('allows the emailed reset link once, opened from the mail', () => {
    expect(problems([line(resetLink), line('/assets/main.js'), line('/api/v1/changepassword')])).toEqual([]);
  });

  it('fails on the reset link asked for a second time: its page did not take it out of the address', () => {
    expect(problems([line(resetLink), line(resetLink)])).toEqual([
      `the reset link asked for again (its page did not take it out of the address): ${resetLink}`,
    ]);
  });

  it('fails on the reset link opened from a page of the portal, or with anything beside email and token', () => {
    expect(problems([line(resetLink, 'http://127.0.0.1:4175/reset')])).toEqual([
      `email, token, query on /newpassword: ${resetLink}`,
    ]);
    expect(problems([line(`${resetLink}&lang=de`)])).toHaveLength(1);
  });

  it('fails on a Referer that carries the token, naming the request that sent it', () => {
    const result = check([line('/assets/main.js', `http://127.0.0.1:4175${resetLink}`)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('email, token, query on /newpassword in the Referer of /assets/main.js');
  });

  it('fails on an IBAN in a URL', () => {
    const result = check([line('/company?payment=DE89370400440532013000')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('IBAN: /company?payment=DE89370400440532013000');
  });

  it('fails on an empty log, which proves nothing', () => {
    const result = check([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is empty');
  });
});
