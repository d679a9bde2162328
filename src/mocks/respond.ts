/**
 * How every handler answers: refusals as `{ status: 'error', reason }` (SPEC §8), successes
 * built and then checked against the answer structs of src/api/structs.ts, and payloads read
 * with the request structs, so that the mock cannot drift from the contract.
 */
import { HttpResponse, type JsonBodyType } from 'msw';
import { assert, type Struct, type StructError } from 'superstruct';
import { StatusAnswer } from '../api/structs';
import { isPostcode } from '../domain/fields';

export type RefusalStatus = 400 | 401 | 403 | 404 | 409;

export function refuse(status: RefusalStatus, reason: string, headers?: HeadersInit): Response {
  return HttpResponse.json({ status: 'error', reason }, { status, headers });
}

export function notLoggedIn(headers?: HeadersInit): Response {
  return refuse(401, 'Not logged in', headers);
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
const FIELD_LABELS: Record<string, string> = {
  email: 'email address',
  password: 'password',
  language: 'language',
  firstname: 'first name',
  lastname: 'last name',
  phone: 'phone number',
  name: 'name',
  company_name: 'company name',
  pending_name: 'company name',
  street: 'street',
  pending_street: 'street',
  postcode: 'postcode',
  pending_postcode: 'postcode',
  city: 'city',
  pending_city: 'city',
  pending_state: 'state',
  country: 'country',
  pending_country: 'country',
  ustid: 'VAT id',
  pending_ustid: 'VAT id',
  notifications: 'notifications consent',
  payment_type: 'payment method',
  iban: 'IBAN',
  checkbox_iban: 'SEPA mandate confirmation',
  token: 'reset token',
  message: 'message',
  product_id: 'licence product',
  cpu_count: 'CPU count',
};

function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? key;
}

/** An English sentence that names the field of the first failure (SPEC §8 shows `reason`). */
function refusalReason(error: StructError): string {
  const [failure] = error.failures();
  if (!failure || failure.path.length === 0) return 'The request body must be a JSON object.';
  const key = String(failure.path[0]);
  const label = fieldLabel(key);
  if (failure.type === 'never') return `The field "${key}" is not part of this request.`;
  if (failure.value === undefined) return `The ${label} is missing.`;
  switch (failure.message) {
    case 'required':
      return `The ${label} is required.`;
    case 'email':
      return `The ${label} is not a valid email address.`;
    case 'passwordPolicy':
      return 'The password must be longer than 15 characters and contain lower and upper case letters and at least one number.';
    case 'country':
      return `The ${label} must be DE, FR or LUX.`;
    case 'tooLong':
      return `The ${label} is too long.`;
    case 'cpu':
      return 'The CPU count must be 1, 2 or 4.';
    default:
      return `The ${label} is not valid.`;
  }
}

export type PayloadResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Reads a JSON body and checks it with a request struct; refusals are 400 with a sentence. */
export async function readPayload<T>(request: Request, struct: Struct<T, unknown>): Promise<PayloadResult<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, response: refuse(400, 'The request body is not valid JSON.') };
  }
  const [error, value] = struct.validate(body);
  if (error) return { ok: false, response: refuse(400, refusalReason(error)) };
  return { ok: true, value };
}

/** SPEC §5 postcodes: the payload structs only check presence, the server checks the shape. */
export function postcodeRefusal(postcode: string, country: string): Response | null {
  return isPostcode(postcode, country) ? null : refuse(400, `The postcode does not fit the country ${country}.`);
}
