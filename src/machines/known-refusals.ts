/**
 * The refusals of the v1 API that the portal recognises, and says in its own words in the page's
 * language (decision 039), instead of the server's text (decision 017): an address already
 * registered, a purchase before the company data is complete, a postcode that does not fit the
 * country, a direct debit without the SEPA mandate. Anything else a server says is shown as it
 * said it.
 *
 * A refusal is recognised by its problem type where a v1.1 server names one, by its call and status
 * where the status says it on that call (a 409 on POST /register/company), else by the v1 API's known text in English or German: a 400 names many
 * faults, and a purchase's 403 is also the cancelled contract. A refusal inside a 200 answer
 * (`status` other than `done`) is recognised by its text as well. Nothing here leans on what only
 * the mock does: the mock's texts are the server's, and the view tests check that the two meet.
 */
import { isApiError } from '../api/error';
import { userErrorFrom, type ErrorKey, type UserError } from './user-error';

export type KnownRefusal = Extract<ErrorKey, 'emailTaken' | 'companyIncomplete' | 'postcodeCountry' | 'mandateMissing'>;

interface Recognised {
  key: KnownRefusal;
  /** The status that alone says it on the call. */
  status?: number;
  /** Its problem type in v1.1 (docs/api-v1.1.md), which says it on any call. */
  problem: string;
  /** The server's texts, English and German, matched anywhere in its reason. */
  texts: readonly RegExp[];
}

const emailTaken: Recognised = {
  key: 'emailTaken',
  problem: 'email-taken',
  status: 409,
  texts: [/email address is already registered/i, /E-Mail-Adresse ist bereits registriert/i],
};
const postcodeCountry: Recognised = {
  key: 'postcodeCountry',
  problem: 'postcode-country',
  texts: [/postcode does not fit the country/i, /Postleitzahl passt nicht zum Land/i],
};
const mandateMissing: Recognised = {
  key: 'mandateMissing',
  problem: 'mandate-missing',
  texts: [/direct debit needs the SEPA mandate/i, /Lastschrift ist das SEPA-Lastschriftmandat nötig/i],
};
const companyIncomplete: Recognised = {
  key: 'companyIncomplete',
  problem: 'company-incomplete',
  texts: [/complete your company details/i, /vervollständigen Sie Ihre Firmendaten/i],
};

/** What each call may be refused with, of what the portal recognises. */
const recognisedOn = {
  /** POST /register/company */
  registration: [emailTaken, postcodeCountry],
  /** POST /edit/company */
  companyEdit: [postcodeCountry, mandateMissing],
  /** POST /licence/order */
  licenceOrder: [postcodeCountry],
  /** GET /product/pbs/{datastoreIdentifier}/{productId} */
  purchase: [companyIncomplete],
} as const satisfies Record<string, readonly Recognised[]>;

export type RefusingCall = keyof typeof recognisedOn;

/** The refusal of `call` that the portal recognises in `error`, or null. */
export function knownRefusal(call: RefusingCall, error: unknown): KnownRefusal | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status === undefined) return null;
  const { status, reason } = error;
  // A 401 ends the session, and a 5xx is the server failing, not refusing: whatever they say.
  if (status === 401 || status >= 500) return null;
  const recognised = recognisedOn[call].find(
    (refusal: Recognised) =>
      refusal.problem === error.problem ||
      refusal.status === status ||
      (reason !== undefined && refusal.texts.some((text) => text.test(reason))),
  );
  return recognised?.key ?? null;
}

/**
 * How a failure of `call` reads to the customer: a refusal the portal recognises in its own words,
 * anything else as `userErrorFrom` reads it (the server's text, decision 017).
 */
export function callErrorFrom(call: RefusingCall): (error: unknown) => UserError {
  return (error) => {
    const key = knownRefusal(call, error);
    return key === null ? userErrorFrom(error) : { key };
  };
}
