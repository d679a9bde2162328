/**
 * A passkey authenticator in software, for the mock's tests (the journeys use Chromium's virtual
 * authenticator): a P-256 key pair, registration with "none" attestation and assertions signed as
 * WebAuthn Level 3 says, user presence and verification flagged, a counter that grows with each use.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const base64url = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);

type Cbor = Parameters<typeof isoCBOR.encode>[0];

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** An unsigned big-endian integer as DER: leading zeros dropped, one added before a high bit. */
function derInteger(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const value = bytes.slice(start);
  const signed = (value[0] ?? 0) & 0x80 ? concat(Uint8Array.of(0), value) : value;
  return concat(Uint8Array.of(0x02, signed.length), signed);
}

/** WebCrypto's ECDSA signature (r and s, 32 bytes each) as the DER sequence WebAuthn sends. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const r = derInteger(raw.slice(0, 32));
  const s = derInteger(raw.slice(32));
  return concat(Uint8Array.of(0x30, r.length + s.length), r, s);
}

const userPresent = 0x01;
const userVerified = 0x04;
const attestedCredentialData = 0x40;

export interface SoftwareAuthenticator {
  credentialId: string;
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Promise<RegistrationResponseJSON>;
  assert(options: { challenge: string; rpId?: string }, origin: string): Promise<AuthenticationResponseJSON>;
}

export async function softwareAuthenticator(): Promise<SoftwareAuthenticator> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
  const rawId = crypto.getRandomValues(new Uint8Array(16));
  const credentialId = base64url(rawId);
  let counter = 0;
  const publicKey = isoCBOR.encode(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );

  async function authenticatorData(
    rpID: string,
    flags: number,
    attested: Uint8Array = new Uint8Array(),
  ): Promise<Uint8Array<ArrayBuffer>> {
    counter += 1;
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, counter);
    return concat(await sha256(new TextEncoder().encode(rpID)), Uint8Array.of(flags), count, attested);
  }

  const clientData = (type: string, challenge: string, origin: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    async register(options, origin) {
      const idLength = new Uint8Array(2);
      new DataView(idLength.buffer).setUint16(0, rawId.length);
      const attested = concat(new Uint8Array(16), idLength, rawId, publicKey);
      const data = await authenticatorData(
        options.rp.id ?? new URL(origin).hostname,
        userPresent | userVerified | attestedCredentialData,
        attested,
      );
      const attestation: Cbor = new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', data],
      ]);
      const attestationObject = isoCBOR.encode(attestation);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: base64url(attestationObject),
        },
        clientExtensionResults: {},
      };
    },
    async assert(options, origin) {
      const data = await authenticatorData(options.rpId ?? new URL(origin).hostname, userPresent | userVerified);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signed = concat(data, await sha256(client));
      const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed));
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(derSignature(raw)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
