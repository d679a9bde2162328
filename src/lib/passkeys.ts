import { isPasskeyHost } from '../domain/passkey-host';

/** The browser can use passkeys here (WebAuthn in a secure context, on a domain): only then does the portal offer one. */
export function browserHasPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'PublicKeyCredential' in window &&
    isPasskeyHost(window.location.hostname)
  );
}
