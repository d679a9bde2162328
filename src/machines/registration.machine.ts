/**
 * Company registration (SPEC §2 Registration, §4 "Register: status done leads to /waiting", §7).
 * The form's values carry the payload's own field names, so that the form is checked with the
 * very struct the mock API reads the payload with (`RegisterPayload`), plus the postcode rule per
 * country that the API applies as well.
 */
import { omit } from 'superstruct';
import { register, RegisterPayload } from '../api/registration';
import type { Country, Language } from '../domain/constants';
import { fieldErrors, isPostcode } from '../domain/fields';
import { paths } from '../domain/routes';
import type { FieldErrors } from './form-actions';
import { createFormMachine } from './form.machine';
import { callErrorFrom, knownRefusal } from './known-refusals';

export interface RegistrationValues extends Record<string, unknown> {
  email: string;
  password: string;
  /** The company name: optional (SPEC §5 marks only email, password, names and address). */
  pending_name: string;
  firstname: string;
  lastname: string;
  phone: string;
  pending_street: string;
  pending_postcode: string;
  pending_city: string;
  pending_country: Country;
  pending_ustid: string;
  notifications: boolean;
  /** The page's language, set by the view as the form is sent (SPEC §7 payload). */
  language: Language;
  /** The terms and privacy notice accepted: required, and not part of the payload (decision 032). */
  terms: boolean;
}

export const initialRegistration: RegistrationValues = {
  email: '',
  password: '',
  pending_name: '',
  firstname: '',
  lastname: '',
  phone: '',
  pending_street: '',
  pending_postcode: '',
  pending_city: '',
  // SPEC §2: DE is the default country.
  pending_country: 'DE',
  pending_ustid: '',
  // Consent is opted into, never preset (docs/decisions/004).
  notifications: false,
  language: 'en',
  terms: false,
};

/** There is no state field on the form (SPEC §2); the payload sends it empty. */
const RegistrationFields = omit(RegisterPayload, ['pending_state']);

export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationValues> {
  const { terms, ...fields } = values;
  const errors: FieldErrors<RegistrationValues> = fieldErrors<keyof RegistrationValues & string>(
    RegistrationFields,
    fields,
  );
  if (!terms) errors.terms = 'terms';
  if (
    !errors.pending_postcode &&
    !errors.pending_country &&
    !isPostcode(values.pending_postcode, values.pending_country)
  ) {
    errors.pending_postcode = 'postcode';
  }
  return errors;
}

/** SPEC §7: exactly the fields of POST /register/company. */
export function registrationPayload(values: RegistrationValues): RegisterPayload {
  return {
    email: values.email.trim(),
    password: values.password,
    language: values.language,
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    phone: values.phone.trim(),
    pending_name: values.pending_name.trim(),
    pending_street: values.pending_street.trim(),
    pending_postcode: values.pending_postcode.trim(),
    pending_city: values.pending_city.trim(),
    pending_state: '',
    pending_country: values.pending_country,
    pending_ustid: values.pending_ustid.trim(),
    notifications: values.notifications,
  };
}

/** A postcode the server refuses for the country is marked at its field too (decision 039). */
export function refusedRegistrationFields(error: unknown): FieldErrors<RegistrationValues> {
  return knownRefusal('registration', error) === 'postcodeCountry' ? { pending_postcode: 'postcode' } : {};
}

export const registrationMachine = createFormMachine<RegistrationValues>({
  id: 'registration',
  description:
    'SPEC §2 Registration, SPEC §5 and SPEC §7: the company account; status done leads to /waiting (SPEC §4).',
  initialValues: initialRegistration,
  validate: validateRegistration,
  submit: (values, signal) => register(registrationPayload(values), { signal }),
  // An address already registered, a postcode that does not fit: in the portal's words (decision 039).
  errorOf: callErrorFrom('registration'),
  refusedFields: refusedRegistrationFields,
  next: paths.waiting(),
});
