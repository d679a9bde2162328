/** The browser can use passkeys (WebAuthn in a secure context): only then does the portal offer one. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && 'PublicKeyCredential' in window;
}
