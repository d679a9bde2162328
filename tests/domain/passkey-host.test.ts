import { describe, expect, it } from 'vitest';
import { isPasskeyHost } from '../../src/domain/passkey-host';

describe('a host that can have passkeys', () => {
  it.each(['portal.example.com', 'localhost', 'backup.example.de'])('takes the domain %s', (host) => {
    expect(isPasskeyHost(host)).toBe(true);
  });

  it.each(['127.0.0.1', '10.0.0.12', '[::1]', ''])('refuses %s, which is no domain', (host) => {
    expect(isPasskeyHost(host)).toBe(false);
  });
});
