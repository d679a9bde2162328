/**
 * Passkeys in the browser, without a WebAuthn library (decision 058): the server's options in the
 * JSON form of Web Authentication Level 3 become the browser's (`PublicKeyCredential.
 * parseRequestOptionsFromJSON` where it has it, else decoded here), and the browser's credential
 * goes back as its `toJSON()` (else encoded here). Loaded with the second step of a login, the
 * passkey sign-in and the security page, never with a first visit.
 */
import { array, boolean, enums, is, number, optional, string, type } from 'superstruct';
import { isOneOf } from '../../domain/one-of';
import { isPasskeyHost } from '../../domain/passkey-host';
import { ApiError } from '../error';

/** The ways to reach an authenticator that this browser's WebAuthn knows (others are left out). */
const transports: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
const conditionalMediation: CredentialMediationRequirement = 'conditional';

/** A passkey named in the server's options (`PublicKeyCredentialDescriptorJSON`). */
const CredentialDescriptor = type({ id: string(), type: string(), transports: optional(array(string())) });

/** What the server sends for a passkey's sign-in (`PublicKeyCredentialRequestOptionsJSON`). */
export const PasskeyRequestOptions = type({
  challenge: string(),
  rpId: optional(string()),
  timeout: optional(number()),
  userVerification: optional(enums(['required', 'preferred', 'discouraged'])),
  allowCredentials: optional(array(CredentialDescriptor)),
});

/** What the server sends for a new passkey (`PublicKeyCredentialCreationOptionsJSON`); the rest is passed on. */
const PasskeyCreationOptions = type({
  challenge: string(),
  rp: type({ name: string(), id: optional(string()) }),
  user: type({ id: string(), name: string(), displayName: string() }),
  pubKeyCredParams: array(type({ type: string(), alg: number() })),
  timeout: optional(number()),
  excludeCredentials: optional(array(CredentialDescriptor)),
  authenticatorSelection: optional(
    type({
      authenticatorAttachment: optional(enums(['platform', 'cross-platform'])),
      residentKey: optional(enums(['discouraged', 'preferred', 'required'])),
      requireResidentKey: optional(boolean()),
      userVerification: optional(enums(['required', 'preferred', 'discouraged'])),
    }),
  ),
  attestation: optional(enums(['none', 'indirect', 'direct', 'enterprise'])),
});

export function fromBase64url(text: string): ArrayBuffer {
  // `atob` decodes forgivingly: the padding base64url leaves out is not needed.
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0)).buffer;
}

export function toBase64url(buffer: ArrayBuffer | null): string | null {
  if (buffer === null) return null;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The browser can use passkeys here: a secure context with WebAuthn, on a domain (a passkey
 * belongs to a domain; WebAuthn takes no IP address as a relying party).
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PublicKeyCredential' in window &&
    typeof navigator.credentials?.get === 'function' &&
    isPasskeyHost(window.location.hostname)
  );
}

/** The browser offers passkeys among the address field's suggestions (conditional mediation). */
export async function conditionalSignInSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

type RequestOptionsJson = typeof PasskeyRequestOptions.TYPE;

function requestOptions(json: RequestOptionsJson): PublicKeyCredentialRequestOptions {
  // The server's JSON is the standard's: the browser reads it itself where it can.
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return {
    challenge: fromBase64url(json.challenge),
    ...(json.rpId === undefined ? {} : { rpId: json.rpId }),
    ...(json.timeout === undefined ? {} : { timeout: json.timeout }),
    ...(json.userVerification === undefined ? {} : { userVerification: json.userVerification }),
    allowCredentials: descriptors(json.allowCredentials),
  };
}

/** A list of passkeys of the server's JSON, as the browser takes it: only the transports it knows. */
function descriptors(list: (typeof CredentialDescriptor.TYPE)[] | undefined): PublicKeyCredentialDescriptor[] {
  return (list ?? []).map((credential) => ({
    id: fromBase64url(credential.id),
    type: 'public-key',
    ...(credential.transports === undefined
      ? {}
      : { transports: credential.transports.filter((transport) => isOneOf(transports, transport)) }),
  }));
}

/**
 * A credential as the server takes it (`AuthenticationResponseJSON`, `RegistrationResponseJSON`):
 * the browser's `toJSON()` where it has it, else what the two have in common and `response`, the
 * kind's own part, encoded here.
 */
function credentialJson(credential: PublicKeyCredential, response: () => Record<string, unknown>): unknown {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: response(),
  };
}

/** The assertion as the server takes it (`AuthenticationResponseJSON`). */
function assertionJson(credential: PublicKeyCredential): unknown {
  return credentialJson(credential, () => {
    const response = credential.response;
    if (!(response instanceof AuthenticatorAssertionResponse))
      throw new DOMException('No assertion.', 'NotAllowedError');
    return {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      // As `toJSON()` gives it: left out where the authenticator gave none.
      ...(response.userHandle === null ? {} : { userHandle: toBase64url(response.userHandle) }),
    };
  });
}

/**
 * Asks the browser for a passkey's assertion of the server's challenge: with the browser's own
 * dialog, or (`conditional`) among the address field's suggestions until the customer picks one
 * or the caller aborts. Options that are not the standard's are an answer the portal cannot read;
 * the customer's "no" (or no passkey) is the browser's `NotAllowedError`, thrown as it is.
 */
export async function passkeyAssertion(
  options: unknown,
  { conditional = false, signal }: { conditional?: boolean; signal?: AbortSignal } = {},
): Promise<unknown> {
  if (!is(options, PasskeyRequestOptions)) throw new ApiError('invalid-answer');
  const credential = await navigator.credentials.get({
    publicKey: requestOptions(options),
    ...(conditional ? { mediation: conditionalMediation } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was chosen.', 'NotAllowedError');
  return assertionJson(credential);
}

type CreationOptionsJson = typeof PasskeyCreationOptions.TYPE;

function creationOptions(json: CreationOptionsJson): PublicKeyCredentialCreationOptions {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseCreationOptionsFromJSON({
      ...json,
      pubKeyCredParams: json.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key', alg })),
      excludeCredentials: (json.excludeCredentials ?? []).map(({ id, transports }) => ({
        id,
        type: 'public-key',
        ...(transports === undefined ? {} : { transports }),
      })),
    });
  }
  return {
    challenge: fromBase64url(json.challenge),
    rp: json.rp,
    user: { ...json.user, id: fromBase64url(json.user.id) },
    pubKeyCredParams: json.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key', alg })),
    ...(json.timeout === undefined ? {} : { timeout: json.timeout }),
    excludeCredentials: descriptors(json.excludeCredentials),
    ...(json.authenticatorSelection === undefined ? {} : { authenticatorSelection: json.authenticatorSelection }),
    ...(json.attestation === undefined ? {} : { attestation: json.attestation }),
  };
}

/** The new credential as the server takes it (`RegistrationResponseJSON`). */
function registrationJson(credential: PublicKeyCredential): unknown {
  return credentialJson(credential, () => {
    const response = credential.response;
    if (!(response instanceof AuthenticatorAttestationResponse))
      throw new DOMException('No passkey.', 'NotAllowedError');
    return {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
    };
  });
}

/**
 * Asks the browser to make a passkey for the server's options: its own dialog (this device, a
 * phone, a security key). Options that are not the standard's are an answer the portal cannot
 * read; the customer's "no" is the browser's `NotAllowedError`, thrown as it is.
 */
export async function newPasskey(options: unknown, { signal }: { signal?: AbortSignal } = {}): Promise<unknown> {
  if (!is(options, PasskeyCreationOptions)) throw new ApiError('invalid-answer');
  const credential = await navigator.credentials.create({
    publicKey: creationOptions(options),
    ...(signal ? { signal } : {}),
  });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was made.', 'NotAllowedError');
  return registrationJson(credential);
}
