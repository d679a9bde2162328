import { defineMessages } from 'react-intl';
import type { FieldErrorCode } from '../../domain/fields';

/** The inline message for each field rule of src/domain/fields.ts. */
export const fieldErrorMessages = defineMessages<FieldErrorCode>({
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
  otp: { id: 'field.otp', defaultMessage: 'Please enter the six digits your authenticator app shows.' },
  recoveryCode: { id: 'field.recoveryCode', defaultMessage: 'Please enter one of your recovery codes, like abcd-2345.' },
  invalid: { id: 'field.invalid', defaultMessage: 'Please check this field.' },
});
