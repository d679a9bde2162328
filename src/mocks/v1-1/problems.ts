/**
 * Refusals of v1.1 as RFC 9457 problem details (docs/api-v1.1.md, "Problem details"): one `type`
 * per refusal the portal knows, `title` and `detail` in the language `Accept-Language` asks for
 * (German when it prefers `de`), and `Content-Language` saying which.
 */
import { HttpResponse } from 'msw';
import type { Language } from '../../domain/constants';
import { inLanguage, type Bilingual } from '../language';

/** Every problem type of the v1.1 description, with its status and its title in both languages. */
export const problemTypes = {
  'session-ended': { status: 401, title: { en: 'Your session has ended', de: 'Ihre Sitzung ist beendet' } },
  'not-from-portal': {
    status: 403,
    title: { en: 'Request not sent by the portal', de: 'Anfrage nicht vom Portal gesendet' },
  },
  'idempotency-key-missing': {
    status: 400,
    title: { en: 'Idempotency-Key missing', de: 'Idempotency-Key fehlt' },
  },
  'request-in-progress': {
    status: 409,
    title: { en: 'The same request is still running', de: 'Dieselbe Anfrage läuft noch' },
  },
  'idempotency-key-reused': {
    status: 422,
    title: {
      en: 'Idempotency-Key used for another request',
      de: 'Idempotency-Key für eine andere Anfrage verwendet',
    },
  },
  'invalid-fields': { status: 400, title: { en: 'Invalid fields', de: 'Ungültige Angaben' } },
  'too-many-attempts': {
    status: 429,
    title: { en: 'Too many attempts in a short time', de: 'Zu viele Versuche in kurzer Zeit' },
  },
  'email-taken': {
    status: 409,
    title: { en: 'This email address is already registered', de: 'Diese E-Mail-Adresse ist bereits registriert' },
  },
  'postcode-country': {
    status: 400,
    title: { en: 'Postcode does not fit the country', de: 'Postleitzahl passt nicht zum Land' },
  },
  'mandate-missing': {
    status: 400,
    title: { en: 'Direct debit needs the SEPA mandate', de: 'Für die Lastschrift fehlt das SEPA-Mandat' },
  },
  'wrong-credentials': {
    status: 403,
    title: { en: 'Email address or password wrong', de: 'E-Mail-Adresse oder Passwort falsch' },
  },
  'account-not-active': {
    status: 403,
    title: { en: 'Account not yet activated', de: 'Konto noch nicht freigeschaltet' },
  },
  'reset-link-invalid': {
    status: 400,
    title: { en: 'Reset link invalid or expired', de: 'Link ungültig oder abgelaufen' },
  },
  'product-unknown': { status: 400, title: { en: 'Unknown product', de: 'Unbekanntes Produkt' } },
  'company-incomplete': {
    status: 409,
    title: { en: 'Company data incomplete', de: 'Firmendaten unvollständig' },
  },
  'contract-cancelled': { status: 409, title: { en: 'Contract cancelled', de: 'Vertrag gekündigt' } },
  'identifier-taken': {
    status: 409,
    title: { en: 'Datastore identifier taken', de: 'Name des Datastores vergeben' },
  },
  'provisioning-failed': {
    status: 502,
    title: { en: 'Datastore could not be set up', de: 'Datastore konnte nicht eingerichtet werden' },
  },
  'datastore-unknown': { status: 404, title: { en: 'No such datastore', de: 'Datastore nicht gefunden' } },
  'already-cancelled': { status: 409, title: { en: 'Already cancelled', de: 'Bereits gekündigt' } },
  'no-contract': { status: 409, title: { en: 'No contract', de: 'Kein Vertrag' } },
  'operation-unknown': { status: 404, title: { en: 'No such operation', de: 'Vorgang nicht gefunden' } },
  // Account protection (feature `second-factor`, decision 058): the login's second step so far.
  'invalid-code': { status: 403, title: { en: 'Code not accepted', de: 'Code nicht akzeptiert' } },
  'code-already-used': { status: 403, title: { en: 'Code already used', de: 'Code bereits verwendet' } },
  'ticket-expired': {
    status: 403,
    title: { en: 'Sign-in expired, please start again', de: 'Anmeldung abgelaufen, bitte neu beginnen' },
  },
  'passkey-refused': { status: 403, title: { en: 'Passkey not accepted', de: 'Passkey nicht akzeptiert' } },
  'reauth-required': { status: 403, title: { en: 'Please sign in again', de: 'Bitte erneut anmelden' } },
  'factor-unknown': { status: 404, title: { en: 'No such factor', de: 'Anmeldefaktor nicht gefunden' } },
  'factor-required': {
    status: 409,
    title: { en: 'A second factor is required', de: 'Ein zweiter Faktor ist vorgeschrieben' },
  },
  'session-unknown': { status: 404, title: { en: 'No such session', de: 'Sitzung nicht gefunden' } },
} as const satisfies Record<string, { status: number; title: Bilingual }>;

export type ProblemType = keyof typeof problemTypes;

export interface ProblemExtras {
  /** This occurrence, in a sentence the customer can act on. */
  detail?: Bilingual;
  /** The fields at fault (`invalid-fields`, `postcode-country`, `mandate-missing`). */
  errors?: { field: string; detail: Bilingual }[];
  /** Seconds before a retry (`too-many-attempts`, `request-in-progress`); also sent as `Retry-After`. */
  retryAfter?: number;
  /** Wrong codes a login's ticket still takes (`invalid-code`). */
  remainingAttempts?: number;
}

/** The problem document of a refusal, in the request's language. */
function problemBody(type: ProblemType, language: Language, extras: ProblemExtras = {}) {
  const { status, title } = problemTypes[type];
  return {
    type: `/problems/${type}`,
    title: inLanguage(language, title),
    status,
    ...(extras.detail ? { detail: inLanguage(language, extras.detail) } : {}),
    ...(extras.errors
      ? { errors: extras.errors.map(({ field, detail }) => ({ field, detail: inLanguage(language, detail) })) }
      : {}),
    ...(extras.retryAfter === undefined ? {} : { retry_after: extras.retryAfter }),
    ...(extras.remainingAttempts === undefined ? {} : { remaining_attempts: extras.remainingAttempts }),
  };
}

/** A refusal of v1.1: `application/problem+json`, with `Content-Language` (and `Retry-After`). */
export function problem(type: ProblemType, language: Language, extras: ProblemExtras = {}): Response {
  const body = problemBody(type, language, extras);
  const headers = new Headers({
    'Content-Type': 'application/problem+json',
    'Content-Language': language,
    'Cache-Control': 'no-store',
  });
  if (extras.retryAfter !== undefined) headers.set('Retry-After', String(extras.retryAfter));
  return new HttpResponse(JSON.stringify(body), { status: body.status, headers });
}
