/**
 * The shapes of WebAuthn's JSON that the mock's passkey calls read (issue 44), apart from
 * ./passkeys.ts, so that reading a request does not load the WebAuthn library.
 */
import { literal, nullable, optional, string, type, type Infer } from 'superstruct';
import type { Bilingual } from '../language';
import type { TicketOffer } from './second-factor';

/** What `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get` (the fields checked here). */
export const AssertionStruct = type({
  id: string(),
  rawId: string(),
  type: literal('public-key'),
  response: type({
    clientDataJSON: string(),
    authenticatorData: string(),
    signature: string(),
    // The description lets it be null (contracts/v1.1.openapi.yaml, PasskeyAssertion).
    userHandle: optional(nullable(string())),
  }),
});
export type Assertion = Infer<typeof AssertionStruct>;

/** What `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create` (the fields checked here). */
export const RegistrationStruct = type({
  id: string(),
  rawId: string(),
  type: literal('public-key'),
  response: type({ clientDataJSON: string(), attestationObject: string() }),
});
export type Registration = Infer<typeof RegistrationStruct>;

/** The passkey module, loaded on first use. */
export const passkeys = () => import('./passkeys');

/** The login's answer, with a passkey's options when the account has a passkey (loads the library only then). */
export async function offerWithPasskey(offer: TicketOffer, accountId: string, request: Request) {
  if (!offer.methods.includes('passkey')) return offer;
  return (await passkeys()).withPasskeyOptions(offer, accountId, request);
}

/** The detail of every `passkey-refused`: the mock says no more than a server would. */
export const passkeyRefused: Bilingual = {
  en: 'This passkey was not accepted.',
  de: 'Dieser Passkey wurde nicht akzeptiert.',
};
