/**
 * Passkeys in the mock (issue 44, decision 058): real WebAuthn ceremonies, checked by
 * `@simplewebauthn/server` as the provider's server would check them: a challenge the mock issued,
 * taken once and within two minutes, for its purpose (adding a passkey, signing in with one alone,
 * a login's second step, a fresh sign-in); the portal's origin and the relying party's id (its
 * host name); the user's verification; the signature; and a signature counter that only grows.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { db, type AccountRow, type FactorRow } from '../db';
import type { Assertion, Registration } from './passkey-structs';
import type { TicketOffer } from './second-factor';

const RELYING_PARTY_NAME = 'Cloud Backup Portal';
const CHALLENGE_TTL_MS = 120_000;

export type ChallengePurpose = 'register' | 'login' | 'second-factor' | 'reauth';

/**
 * Whom the ceremony is for: the page's origin (the `Origin` the browser sends with the call; the
 * API's own where a test sends none) and its host name as the relying party's id.
 */
function relyingPartyOf(request: Request): { origin: string; rpID: string } {
  const origin = request.headers.get('Origin') ?? new URL(request.url).origin;
  return { origin, rpID: new URL(origin).hostname };
}

function passkeysOf(accountId: string): FactorRow[] {
  return db.factor.findMany({ where: { accountId: { equals: accountId }, type: { equals: 'passkey' } } });
}

function remember(challenge: string, purpose: ChallengePurpose, accountId: string | null) {
  db.passkeyChallenge.create({ challenge, purpose, accountId, expires: Date.now() + CHALLENGE_TTL_MS });
}

/** Takes an issued challenge once: true when it was issued for this purpose (and account) and is still valid. */
function takeChallenge(challenge: string, purpose: ChallengePurpose, accountId: string | null): boolean {
  const issued = db.passkeyChallenge.findFirst({ where: { challenge: { equals: challenge } } });
  if (!issued) return false;
  db.passkeyChallenge.delete({ where: { challenge: { equals: challenge } } });
  return issued.purpose === purpose && issued.accountId === accountId && issued.expires > Date.now();
}

/** The options of a new passkey for the account: discoverable, verified, its passkeys excluded. */
export async function creationOptions(
  account: AccountRow,
  request: Request,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingPartyOf(request);
  const options = await generateRegistrationOptions({
    rpName: RELYING_PARTY_NAME,
    rpID,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    userDisplayName: `${account.firstname} ${account.lastname}`.trim() || account.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: passkeysOf(account.id).map((factor) => ({ id: factor.credentialId ?? '' })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  remember(options.challenge, 'register', account.id);
  return options;
}

/** Adds the passkey of a registration response to the account; null when the ceremony does not verify. */
export async function addPasskey(
  account: AccountRow,
  name: string,
  registration: Registration,
  request: Request,
): Promise<FactorRow | null> {
  const credential: RegistrationResponseJSON = { clientExtensionResults: {}, ...registration };
  const { origin, rpID } = relyingPartyOf(request);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: (challenge) => takeChallenge(challenge, 'register', account.id),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  const { id, publicKey, counter } = verified.registrationInfo.credential;
  if (db.factor.findFirst({ where: { credentialId: { equals: id } } })) return null;
  return db.factor.create({
    accountId: account.id,
    type: 'passkey',
    name,
    secret: '',
    confirmed: true,
    lastStep: null,
    credentialId: id,
    publicKey: isoBase64URL.fromBuffer(publicKey),
    counter,
  });
}

/**
 * The options of an assertion: for `login`, any passkey of this site (discoverable, none listed);
 * otherwise the account's passkeys.
 */
export async function requestOptions(
  purpose: Exclude<ChallengePurpose, 'register'>,
  accountId: string | null,
  request: Request,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingPartyOf(request);
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials:
      accountId === null ? [] : passkeysOf(accountId).map((factor) => ({ id: factor.credentialId ?? '' })),
  });
  remember(options.challenge, purpose, accountId);
  return options;
}

/**
 * Checks an assertion for its purpose; the passkey must be the account's when one is named. Returns
 * the account whose passkey signed, with its counter and last use updated, or null.
 */
export async function verifyAssertion(
  given: Assertion,
  purpose: Exclude<ChallengePurpose, 'register'>,
  accountId: string | null,
  request: Request,
): Promise<AccountRow | null> {
  const { userHandle, ...response } = given.response;
  // A null user handle is none (the description allows either).
  const assertion: AuthenticationResponseJSON = {
    clientExtensionResults: {},
    ...given,
    response: { ...response, ...(userHandle === null || userHandle === undefined ? {} : { userHandle }) },
  };
  const factor = db.factor.findFirst({
    where: { credentialId: { equals: assertion.id }, type: { equals: 'passkey' } },
  });
  if (!factor?.publicKey || (accountId !== null && factor.accountId !== accountId)) return null;
  const { origin, rpID } = relyingPartyOf(request);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: (challenge) => takeChallenge(challenge, purpose, accountId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: factor.credentialId ?? '',
        publicKey: isoBase64URL.toBuffer(factor.publicKey),
        counter: factor.counter ?? 0,
      },
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  db.factor.update({
    where: { id: { equals: factor.id } },
    data: { counter: verified.authenticationInfo.newCounter, lastUsed: Date.now() },
  });
  return db.account.findFirst({ where: { id: { equals: factor.accountId } } });
}

/** The login's answer with the options of a passkey's assertion. */
export async function withPasskeyOptions(offer: TicketOffer, accountId: string, request: Request) {
  return { ...offer, passkey_options: await requestOptions('second-factor', accountId, request) };
}
