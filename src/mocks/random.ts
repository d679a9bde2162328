/**
 * Random tokens for ids, sessions, reset links and temporary passwords. `getRandomValues`
 * works in Node and in every browser context (unlike `randomUUID`, which needs HTTPS).
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function randomToken(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

export function randomId(): string {
  return randomToken(16);
}

/** A temporary datastore password that meets the portal's own password policy (SPEC §5). */
export function temporaryPassword(): string {
  return `${randomToken(4).toUpperCase()}-${randomToken(8)}-${randomToken(4)}-7a`;
}
