import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts/audit.mjs');
const folder = mkdtempSync(join(tmpdir(), 'audit-'));

function audit(report: unknown, env: Record<string, string> = {}) {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(report));
  const result = spawnSync(process.execPath, [script, '--report', file], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: result.status, out: result.stdout };
}

const advisory = (severity: string, id: string) => ({
  severity,
  via: [{ source: 1, name: 'some-package', severity, url: `https://github.com/advisories/${id}` }],
});

describe('the audit check', () => {
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('fails on a high advisory and names it', () => {
    const result = audit({
      vulnerabilities: { 'some-package': advisory('high', 'GHSA-aaaa-bbbb-cccc') },
      metadata: { vulnerabilities: { high: 1 } },
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain('some-package (GHSA-aaaa-bbbb-cccc)');
  });

  it('fails on a critical advisory', () => {
    const result = audit({ vulnerabilities: { other: advisory('critical', 'GHSA-1111-2222-3333') }, metadata: {} });
    expect(result.code).toBe(1);
  });

  it('passes with moderate and low advisories only', () => {
    const result = audit({
      vulnerabilities: { a: advisory('moderate', 'GHSA-x'), b: advisory('low', 'GHSA-y') },
      metadata: { vulnerabilities: { moderate: 1, low: 1 } },
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain('no open high or critical advisory');
  });

  it('says plainly that nothing was checked when the endpoint answers an error', () => {
    const unreachable = { message: '405 Method Not Allowed', statusCode: 405 };
    const lenient = audit(unreachable);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toContain('NOT CHECKED');
    expect(audit(unreachable, { AUDIT_REQUIRED: '1' }).code).toBe(1);
  });
});
