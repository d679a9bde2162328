import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/error';
import { callErrorFrom, knownRefusal, type RefusingCall } from '../../src/machines/known-refusals';
import { refusedCompanyFields } from '../../src/machines/company-edit.machine';
import { licenceOrderError, refusedLicenceOrderFields } from '../../src/machines/licence-order.machine';
import { refusedRegistrationFields } from '../../src/machines/registration.machine';

const refused = (status: number, reason?: string) => new ApiError('http', { status, reason });

describe('the refusals the portal recognises (decision 039)', () => {
  it.each<[string, RefusingCall, ApiError, ReturnType<typeof knownRefusal>]>([
    [
      'a 409 on the registration is the address already registered, whatever it says',
      'registration',
      refused(409, 'Conflict'),
      'emailTaken',
    ],
    ['a 409 on the registration without a text too', 'registration', refused(409), 'emailTaken'],
    [
      'a v1.1 problem type says it whatever the text: a postcode the licence order refuses',
      'licenceOrder',
      new ApiError('http', { status: 400, reason: 'Bitte prüfen', problem: 'postcode-country' }),
      'postcodeCountry',
    ],
    [
      'a v1.1 problem type says it on the purchase: company data not yet complete',
      'purchase',
      new ApiError('http', { status: 403, reason: 'Something else', problem: 'company-incomplete' }),
      'companyIncomplete',
    ],
    [
      'a v1.1 problem type says it on the company edit: the SEPA mandate missing',
      'companyEdit',
      new ApiError('http', { status: 400, problem: 'mandate-missing' }),
      'mandateMissing',
    ],
    [
      'a v1.1 problem type another call does not refuse with is not recognised there',
      'purchase',
      new ApiError('http', { status: 400, problem: 'postcode-country' }),
      null,
    ],
    [
      'a registration refused inside a 200 answer with the known German text',
      'registration',
      refused(200, 'Diese E-Mail-Adresse ist bereits registriert'),
      'emailTaken',
    ],
    [
      'a postcode the registration refuses, in English',
      'registration',
      refused(400, 'The postcode does not fit the country FR.'),
      'postcodeCountry',
    ],
    [
      'a postcode the licence order refuses, in German',
      'licenceOrder',
      refused(400, 'Die Postleitzahl passt nicht zum Land LUX.'),
      'postcodeCountry',
    ],
    [
      'a postcode the company edit refuses',
      'companyEdit',
      refused(400, 'The postcode does not fit the country DE.'),
      'postcodeCountry',
    ],
    [
      'a direct debit without the mandate, in English',
      'companyEdit',
      refused(400, 'Direct debit needs the SEPA mandate: please accept the legal notice.'),
      'mandateMissing',
    ],
    [
      'a direct debit without the mandate, in German',
      'companyEdit',
      refused(
        400,
        'Für die Zahlung per Lastschrift ist das SEPA-Lastschriftmandat nötig: Bitte stimmen Sie dem rechtlichen Hinweis zu.',
      ),
      'mandateMissing',
    ],
    [
      'a purchase before the company data is complete, in English',
      'purchase',
      refused(403, 'Please complete your company details before buying a datastore.'),
      'companyIncomplete',
    ],
    [
      'a purchase before the company data is complete, in German',
      'purchase',
      refused(403, 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie einen Datastore kaufen.'),
      'companyIncomplete',
    ],
  ])('recognises %s', (_name, call, error, key) => {
    expect(knownRefusal(call, error)).toBe(key);
  });

  it.each<[string, RefusingCall, unknown]>([
    [
      "a purchase's 403 for a cancelled contract, which says something else",
      'purchase',
      refused(403, 'Your contract is cancelled; no new datastores can be bought.'),
    ],
    ["a purchase's 403 without a text", 'purchase', refused(403)],
    ['a 409 on a call where it means something else', 'purchase', refused(409, 'A datastore with this name exists')],
    [
      'a known text on a call that cannot be refused with it',
      'licenceOrder',
      refused(400, 'Direct debit needs the SEPA mandate: please accept the legal notice.'),
    ],
    ['another 400 of the registration', 'registration', refused(400, 'The street is required.')],
    ['a 401, which ends the session', 'registration', refused(401, 'This email address is already registered')],
    [
      'a 5xx, which is the server failing whatever it says',
      'companyEdit',
      refused(503, 'The postcode does not fit the country DE.'),
    ],
    ['a failure without an answer', 'registration', new ApiError('network')],
    ['anything that is no ApiError', 'registration', new Error('This email address is already registered')],
  ])('recognises nothing in %s', (_name, call, error) => {
    expect(knownRefusal(call, error)).toBeNull();
  });

  it('shows a recognised refusal in the portal’s words and any other as before (decision 017)', () => {
    const registrationError = callErrorFrom('registration');
    expect(registrationError(refused(409, 'This email address is already registered'))).toEqual({ key: 'emailTaken' });
    expect(registrationError(refused(400, 'Registrations are closed today.'))).toEqual({
      key: 'server',
      reason: 'Registrations are closed today.',
    });
    expect(registrationError(refused(500))).toEqual({ key: 'general' });
    expect(registrationError(refused(401))).toEqual({ key: 'sessionExpired' });
  });

  it('keeps an order without an answer apart from the refusals it recognises', () => {
    expect(licenceOrderError(new ApiError('timeout'))).toEqual({ key: 'orderUnconfirmed' });
    expect(licenceOrderError(refused(400, 'The postcode does not fit the country FR.'))).toEqual({
      key: 'postcodeCountry',
    });
  });

  it('marks the field a recognised refusal is about, in each form', () => {
    const postcode = refused(400, 'The postcode does not fit the country FR.');
    const mandate = refused(400, 'Direct debit needs the SEPA mandate: please accept the legal notice.');
    expect(refusedRegistrationFields(postcode)).toEqual({ pending_postcode: 'postcode' });
    expect(refusedLicenceOrderFields(postcode)).toEqual({ postcode: 'postcode' });
    expect(refusedCompanyFields(postcode)).toEqual({ postcode: 'postcode' });
    expect(refusedCompanyFields(mandate)).toEqual({ checkbox_iban: 'mandate' });
    expect(refusedRegistrationFields(refused(409))).toEqual({});
    expect(refusedCompanyFields(refused(400, 'The IBAN is not valid.'))).toEqual({});
  });
});
