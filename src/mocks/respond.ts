/**
 * How every handler answers: refusals as `{ status: 'error', reason }` (SPEC §8), in the request's
 * language (decision 039), successes built and then checked against the answer structs of
 * src/api/structs.ts, and payloads read with the request structs, so that the mock cannot drift
 * from the contract.
 */
import { HttpResponse, type JsonBodyType } from 'msw';
import { assert, type Struct, type StructError } from 'superstruct';
import { StatusAnswer } from '../api/structs';
import type { Language } from '../domain/constants';
import { isPostcode } from '../domain/fields';
import type { Refusal } from './cancellations';
import { inLanguage, requestLanguage, type Bilingual } from './language';

export type RefusalStatus = 400 | 401 | 403 | 404 | 409;

export function refuse(status: RefusalStatus, reason: string, headers?: HeadersInit): Response {
  return HttpResponse.json({ status: 'error', reason }, { status, headers });
}

export function notLoggedIn(language: Language, headers?: HeadersInit): Response {
  return refuse(401, inLanguage(language, { en: 'Not logged in', de: 'Nicht angemeldet' }), headers);
}

/** Builds a success answer after checking it against its struct; a mismatch is a mock bug. */
export function answer<T extends JsonBodyType>(struct: Struct<T, unknown>, value: T, init?: ResponseInit): Response {
  assert(value, struct);
  return HttpResponse.json(value, init);
}

export function done(init?: ResponseInit): Response {
  return answer(StatusAnswer, { status: 'done' }, init);
}

/** Words for the fields of the payloads, used in refusal sentences. */
const FIELD_LABELS: Record<string, Bilingual> = {
  email: { en: 'email address', de: 'E-Mail-Adresse' },
  password: { en: 'password', de: 'Passwort' },
  language: { en: 'language', de: 'Sprache' },
  firstname: { en: 'first name', de: 'Vorname' },
  lastname: { en: 'last name', de: 'Nachname' },
  phone: { en: 'phone number', de: 'Telefon' },
  name: { en: 'name', de: 'Name' },
  company_name: { en: 'company name', de: 'Firmenname' },
  pending_name: { en: 'company name', de: 'Firmenname' },
  street: { en: 'street', de: 'Straße und Hausnummer' },
  pending_street: { en: 'street', de: 'Straße und Hausnummer' },
  postcode: { en: 'postcode', de: 'Postleitzahl' },
  pending_postcode: { en: 'postcode', de: 'Postleitzahl' },
  city: { en: 'city', de: 'Ort' },
  pending_city: { en: 'city', de: 'Ort' },
  pending_state: { en: 'state', de: 'Bundesland' },
  country: { en: 'country', de: 'Land' },
  pending_country: { en: 'country', de: 'Land' },
  ustid: { en: 'VAT id', de: 'USt-IdNr.' },
  pending_ustid: { en: 'VAT id', de: 'USt-IdNr.' },
  notifications: { en: 'notifications consent', de: 'Einwilligung in Benachrichtigungen' },
  payment_type: { en: 'payment method', de: 'Zahlungsart' },
  iban: { en: 'IBAN', de: 'IBAN' },
  checkbox_iban: { en: 'SEPA mandate confirmation', de: 'Zustimmung zum SEPA-Lastschriftmandat' },
  token: { en: 'reset token', de: 'Link zum Zurücksetzen' },
  message: { en: 'message', de: 'Nachricht' },
  product_id: { en: 'licence product', de: 'Lizenz' },
  cpu_count: { en: 'number of CPU sockets', de: 'Anzahl der CPU-Sockel' },
};

/**
 * A sentence that names the field of the first failure (SPEC §8 shows `reason`). English names
 * the field in the sentence; German quotes it, which needs no article for it.
 */
export function refusalReason(error: StructError, language: Language): string {
  const say = (text: Bilingual) => inLanguage(language, text);
  const [failure] = error.failures();
  if (!failure || failure.path.length === 0)
    return say({
      en: 'The request body must be a JSON object.',
      de: 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.',
    });
  const key = String(failure.path[0]);
  const label = inLanguage(language, FIELD_LABELS[key] ?? { en: key, de: key });
  const field = `„${label}“`;
  if (failure.type === 'never')
    return say({
      en: `The field "${key}" is not part of this request.`,
      de: `Das Feld „${key}“ gehört nicht zu dieser Anfrage.`,
    });
  if (failure.value === undefined) return say({ en: `The ${label} is missing.`, de: `Das Feld ${field} fehlt.` });
  switch (failure.message) {
    case 'required':
      return say({ en: `The ${label} is required.`, de: `Das Feld ${field} ist erforderlich.` });
    case 'email':
      return say({
        en: `The ${label} is not a valid email address.`,
        de: `Das Feld ${field} enthält keine gültige E-Mail-Adresse.`,
      });
    case 'passwordPolicy':
      return say({
        en: 'The password must be longer than 15 characters and contain lower and upper case letters and at least one number.',
        de: 'Das Passwort muss länger als 15 Zeichen sein und Klein- und Großbuchstaben sowie mindestens eine Ziffer enthalten.',
      });
    case 'country':
      return say({
        en: `The ${label} must be DE, FR or LUX.`,
        de: `Im Feld ${field} sind nur DE, FR und LUX möglich.`,
      });
    case 'tooLong':
      return say({ en: `The ${label} is too long.`, de: `Das Feld ${field} ist zu lang.` });
    case 'cpu':
      return say({
        en: 'The number of CPU sockets must be 1, 2 or 4.',
        de: 'Die Anzahl der CPU-Sockel muss 1, 2 oder 4 sein.',
      });
    default:
      return say({ en: `The ${label} is not valid.`, de: `Das Feld ${field} ist ungültig.` });
  }
}

export type PayloadResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Reads a JSON body and checks it with a request struct; refusals are 400 with a sentence. */
export async function readPayload<T>(request: Request, struct: Struct<T, unknown>): Promise<PayloadResult<T>> {
  const language = requestLanguage(request);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    const reason = inLanguage(language, {
      en: 'The request body is not valid JSON.',
      de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    });
    return { ok: false, response: refuse(400, reason) };
  }
  const [error, value] = struct.validate(body);
  if (error) return { ok: false, response: refuse(400, refusalReason(error, language)) };
  return { ok: true, value };
}

/**
 * SPEC §5 postcodes: the payload structs only check presence, the server checks the shape. The
 * refusal in both APIs' terms, or null when the postcode fits.
 */
export function postcodeMismatch(postcode: string, country: string): Refusal | null {
  if (isPostcode(postcode, country)) return null;
  return {
    v1Status: 400,
    problem: 'postcode-country',
    detail: {
      en: `The postcode does not fit the country ${country}.`,
      de: `Die Postleitzahl passt nicht zum Land ${country}.`,
    },
  };
}
