import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { FieldErrorCode } from '../../domain/fields';

/** The inline message for each field rule of src/domain/fields.ts. */
const fieldErrorMessages = defineMessages<FieldErrorCode>({
  required: { id: 'field.required', defaultMessage: 'Please fill in this field.' },
  email: { id: 'field.email', defaultMessage: 'Please enter a valid email address, like name@example.com.' },
  passwordPolicy: {
    id: 'field.passwordPolicy',
    defaultMessage:
      'The password must be longer than 15 characters and contain lower and upper case letters and at least one digit.',
  },
  passwordMismatch: { id: 'field.passwordMismatch', defaultMessage: 'Passwords do not match.' },
  identifier: {
    id: 'field.identifier',
    defaultMessage: 'Use 1 to 8 letters and digits, without spaces or other characters.',
  },
  postcode: { id: 'field.postcode', defaultMessage: 'Please enter a valid postcode for the chosen country.' },
  iban: { id: 'field.iban', defaultMessage: 'This IBAN is not valid. Please check its length and digits.' },
  mandate: { id: 'field.mandate', defaultMessage: 'Please grant the SEPA direct debit mandate.' },
  terms: { id: 'field.terms', defaultMessage: 'Please accept the terms and conditions.' },
  country: { id: 'field.country', defaultMessage: 'Please choose a country.' },
  volume: { id: 'field.volume', defaultMessage: 'Please choose a volume within the offered range.' },
  cpu: { id: 'field.cpu', defaultMessage: 'Please choose 1, 2 or 4 CPU sockets.' },
  tooLong: { id: 'field.tooLong', defaultMessage: 'This is too long.' },
  invalid: { id: 'field.invalid', defaultMessage: 'Please check this field.' },
});

/** A form's own messages for field rules that only it has (the login's second step). */
export type OwnFieldErrorMessages = Partial<Record<FieldErrorCode, MessageDescriptor>>;

/** The message of a field rule: the form's own, else the shared catalogue's. */
export function fieldErrorMessage(error: FieldErrorCode, own?: OwnFieldErrorMessages): MessageDescriptor {
  const catalogue: OwnFieldErrorMessages = fieldErrorMessages;
  return own?.[error] ?? catalogue[error] ?? fieldErrorMessages.invalid;
}
