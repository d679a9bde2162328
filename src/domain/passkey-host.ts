/**
 * Whether a page's host can have passkeys: a passkey belongs to a domain, and WebAuthn takes no
 * IP address as a relying party's id (issue 44).
 */
export function isPasskeyHost(hostname: string): boolean {
  return hostname !== '' && !/^\[|^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}
