/**
 * Path models of the account journeys (SPEC §4; decisions 003 and 004): login, registration, forgotten and new password.
 * The machine tests in tests/machines/ drive the same machines through their real outcomes.
 */
import type { AnyStateMachine } from 'xstate';
import { ApiError } from '../../../src/api/client';
import { loginMachine } from '../../../src/machines/login.machine';
import { newPasswordFormMachine } from '../../../src/machines/new-password-form.machine';
import { newPasswordMachine } from '../../../src/machines/new-password.machine';
import { passwordResetMachine } from '../../../src/machines/password-reset.machine';
import {
  initialRegistration,
  registrationMachine,
  type RegistrationValues,
} from '../../../src/machines/registration.machine';
import type { PathModel } from '../coverage';
import { aborted, formModels, pending, serverError, tooManyRequests, unauthorized } from '../fixtures';

const strong = 'Correct-Horse-Battery-9';
const forbidden = new ApiError('http', { status: 403, reason: 'Username and password do not match' });
const linkRefused = new ApiError('http', { status: 400, reason: 'This link is invalid or has expired' });

const registration: RegistrationValues = {
  ...initialRegistration,
  email: 'new@example.com',
  password: strong,
  firstname: 'Nora',
  lastname: 'Neumann',
  pending_street: 'Am Kai 3',
  pending_postcode: '20457',
  pending_city: 'Hamburg',
  terms: true,
};

function formContext(context: unknown) {
  const { values, submitted, fieldErrors } = context as { values: object; submitted: boolean; fieldErrors: object };
  return { values, submitted, errors: Object.keys(fieldErrors).length > 0 };
}

const login = loginMachine.provide({ actors: { login: pending } }) as AnyStateMachine;
const newPassword = newPasswordMachine.provide({
  // The form's own model is below; here it ends, changed or with the link refused.
  actors: { form: newPasswordFormMachine.provide({ actors: { submit: pending } }) },
  actions: { changed: () => {} },
}) as AnyStateMachine;

export const models: PathModel[] = [
  ...[
    { values: { email: 'demo@example.com', password: 'secret' }, next: undefined },
    { values: { email: '', password: 'secret' }, next: undefined },
    // The login in place (docs/decisions/027) leads nowhere.
    { values: { email: 'demo@example.com', password: 'secret' }, next: null },
  ].map(({ values, next }): PathModel => ({
    machine: login,
    session: { loggedIn: false },
    input: { values, language: 'en', next },
    events: [
      { type: 'field.change', name: 'email', value: '' },
      { type: 'field.change', name: 'email', value: 'demo@example.com' },
      { type: 'form.submit', language: 'en' },
    ],
    outputs: { login: [{ is_active: true }, { is_active: false }] },
    errors: { login: [unauthorized, forbidden, serverError, aborted, tooManyRequests] },
    serializeContext: formContext,
  })),
  ...formModels<RegistrationValues>(registrationMachine, {
    valid: registration,
    invalid: { firstname: '' },
    field: 'firstname',
    validValue: 'Nora',
    invalidValue: '',
  }),
  ...formModels(passwordResetMachine, {
    valid: { email: 'demo@example.com' },
    invalid: { email: '' },
    field: 'email',
    validValue: 'demo@example.com',
    invalidValue: 'demo@',
  }),
  ...[
    { email: 'demo@example.com', token: 'abc' },
    { email: null, token: null },
  ].map((input): PathModel => ({
    machine: newPassword,
    session: { loggedIn: false },
    input,
    events: [],
    outputs: {
      form: [
        { values: { password: strong, confirmation: strong }, ending: { answer: undefined } },
        { values: { password: strong, confirmation: strong }, ending: { refusal: linkRefused } },
      ],
    },
  })),
  ...formModels(newPasswordFormMachine, {
    valid: { password: strong, confirmation: strong },
    invalid: { confirmation: 'other' },
    field: 'confirmation',
    validValue: strong,
    invalidValue: 'other',
  }),
];
