/**
 * Path models of the account journeys (SPEC §4; decisions 003 and 004): login, registration, forgotten and new password.
 * The machine tests in tests/machines/ drive the same machines through their real outcomes.
 */
import type { AnyStateMachine } from 'xstate';
import { ApiError } from '../../../src/api/client';
import {
  authenticatorCodeForm,
  authenticatorEnrolmentMachine,
  type CodeValues,
} from '../../../src/machines/authenticator-enrolment.machine';
import {
  freshSignInFormMachine,
  freshSignInMachine,
  type FreshSignInValues,
} from '../../../src/machines/fresh-sign-in.machine';
import { loginFormMachine } from '../../../src/machines/login-form.machine';
import { loginMachine } from '../../../src/machines/login.machine';
import { newPasswordFormMachine } from '../../../src/machines/new-password-form.machine';
import { newPasswordMachine } from '../../../src/machines/new-password.machine';
import { passkeyEnrolmentMachine, type PasskeyNameValues } from '../../../src/machines/passkey-enrolment.machine';
import { passkeySignInMachine } from '../../../src/machines/passkey-sign-in.machine';
import { passwordResetMachine } from '../../../src/machines/password-reset.machine';
import { secondStepMachine, type SecondStepValues } from '../../../src/machines/second-step.machine';
import { securityMachine } from '../../../src/machines/security.machine';
import {
  initialRegistration,
  registrationMachine,
  type RegistrationValues,
} from '../../../src/machines/registration.machine';
import type { PathModel } from '../coverage';
import { formModels, networkError, pending, refused, unauthorized } from '../fixtures';

const strong = 'Correct-Horse-Battery-9';
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

// The form's own models are below; here it ends: active, not active, or with a 401.
const login = loginMachine.provide({
  actors: {
    form: loginFormMachine.provide({ actors: { submit: pending } }),
    secondStep: secondStepMachine.provide({ actors: { submit: pending } }),
  },
}) as AnyStateMachine;
const typed = { email: 'demo@example.com', password: 'secret' };
/** A protected account's answer (issue 44): its second step, by a code, or by a passkey only. */
const asksCode = {
  is_active: true,
  second_factor: { ticket: 'T'.repeat(32), methods: ['totp', 'recovery'], expires_in: 300 },
};
const asksPasskey = {
  is_active: true,
  second_factor: { ticket: 'T'.repeat(32), methods: ['passkey'], expires_in: 300, passkey_options: { challenge: 'c' } },
};
/** What the login's form tells it of itself once it sends again (`onSnapshot`): only its tag is read. */
const sending = {
  type: 'xstate.snapshot.form',
  snapshot: { value: 'submitting', hasTag: (tag: string) => tag === 'busy' },
};
const newPassword = newPasswordMachine.provide({
  // The form's own model is below; here it ends, changed or with the link refused.
  actors: { form: newPasswordFormMachine.provide({ actors: { submit: pending } }) },
  actions: { changed: () => {} },
}) as AnyStateMachine;

export const models: PathModel[] = [
  ...[
    { values: typed, next: undefined },
    // The login in place (docs/decisions/027) leads nowhere.
    { values: typed, next: null },
  ].map(({ values, next }): PathModel => ({
    machine: login,
    session: { loggedIn: false },
    // A browser without passkeys: an account with only a passkey cannot be confirmed in it.
    input: { values, language: 'en', next, passkeys: false },
    events: [sending, { type: 'secondStep.back' }],
    outputs: {
      form: [
        { values: typed, ending: { answer: { is_active: true } } },
        { values: typed, ending: { answer: { is_active: false } } },
        { values: typed, ending: { refusal: unauthorized } },
        { values: typed, ending: { answer: asksCode } },
        { values: typed, ending: { answer: asksPasskey } },
      ],
      secondStep: [
        { values: { method: 'totp', code: '123456' }, ending: { answer: undefined } },
        { values: { method: 'totp', code: '123456' }, ending: { refusal: unauthorized } },
      ],
    },
  })),
  {
    machine: passkeySignInMachine.provide({ actors: { offer: pending, signIn: pending } }) as AnyStateMachine,
    session: { loggedIn: false },
    input: { next: '/dashboard' },
    events: [{ type: 'passkey.signIn' }],
    outputs: {
      offer: [
        { offered: false, conditional: false },
        { offered: true, conditional: false },
        { offered: true, conditional: true },
      ],
    },
    errors: {
      signIn: [new DOMException('no', 'NotAllowedError'), new ApiError('http', { status: 403 })],
    },
  },
  {
    machine: securityMachine.provide({
      actors: {
        offered: pending,
        load: pending,
        end: pending,
        removeFactor: pending,
        renewCodes: pending,
        passkeyForm: passkeyEnrolmentMachine.provide({ actors: { submit: pending } }),
      },
    }) as AnyStateMachine,
    session: { loggedIn: true },
    events: [
      { type: 'load.retry' },
      { type: 'session.end', id: 'b' },
      { type: 'sessions.endOthers' },
      { type: 'overview.reload' },
      { type: 'factor.remove', id: 'f1' },
      { type: 'recoveryCodes.renew' },
      { type: 'change.confirm' },
      { type: 'change.keep' },
      { type: 'codes.done' },
      { type: 'passkey.add' },
      { type: 'passkey.cancel' },
    ],
    outputs: {
      offered: [true, false],
      load: [{ protection: { factors: [], recovery_codes_left: 0 }, sessions: [] }],
      renewCodes: [['abcd-2345']],
      passkeyForm: [
        { values: { name: 'Laptop' }, ending: { answer: { factor: {}, recovery_codes: ['abcd-2345'] } } },
        { values: { name: 'Laptop' }, ending: { answer: { factor: {} } } },
      ],
    },
    errors: {
      load: [unauthorized, networkError],
      end: [unauthorized, refused],
      offered: [networkError],
      removeFactor: [unauthorized, refused],
      renewCodes: [unauthorized, refused],
    },
    serializeContext: (context) => {
      const { overview, ending, removing, newCodes, changed } = context as Record<string, unknown>;
      return { loaded: overview !== null, ending, removing, codes: newCodes !== null, changed };
    },
  },
  {
    machine: authenticatorEnrolmentMachine.provide({
      actors: { start: pending, form: authenticatorCodeForm.provide({ actors: { submit: pending } }) },
    }) as AnyStateMachine,
    session: { loggedIn: true },
    input: { name: 'Authenticator app' },
    events: [{ type: 'enrolment.retry' }, { type: 'enrolment.finish' }],
    outputs: {
      start: [{ id: 'f1', otpauth_uri: 'otpauth://totp/x', secret: 'JBSWY3DPEHPK3PXP' }],
      form: [
        { values: { code: '123456' }, ending: { answer: { factor: {}, recovery_codes: ['abcd-2345'] } } },
        { values: { code: '123456' }, ending: { answer: { factor: {} } } },
      ],
    },
    errors: { start: [unauthorized, refused] },
  },
  ...formModels<CodeValues>(authenticatorCodeForm, {
    valid: { code: '123456' },
    invalid: { code: '12' },
    field: 'code',
    validValue: '654321',
    invalidValue: '12',
  }),
  {
    machine: freshSignInMachine.provide({
      actions: { settle: () => {} },
      actors: { loadMethods: pending, form: freshSignInFormMachine.provide({ actors: { submit: pending } }) },
    }) as AnyStateMachine,
    session: { loggedIn: true },
    events: [{ type: 'freshSignIn.cancel' }],
    outputs: {
      loadMethods: [['password', 'totp']],
      form: [
        { values: { method: 'password', secret: 'secret' }, ending: { answer: undefined } },
        { values: { method: 'password', secret: 'secret' }, ending: { refusal: unauthorized } },
      ],
    },
    errors: { loadMethods: [networkError] },
  },
  ...formModels<FreshSignInValues>(freshSignInFormMachine, {
    valid: { method: 'password', secret: 'secret' },
    invalid: { secret: '' },
    field: 'secret',
    validValue: 'another',
    invalidValue: '',
  }),
  ...formModels<PasskeyNameValues>(passkeyEnrolmentMachine, {
    valid: { name: 'Laptop' },
    invalid: { name: '' },
    field: 'name',
    validValue: 'Phone',
    invalidValue: '',
  }),
  ...formModels<SecondStepValues>(secondStepMachine, {
    valid: { method: 'totp', code: '123456' },
    invalid: { code: '12' },
    field: 'code',
    validValue: '654321',
    invalidValue: '12',
  }),
  ...formModels(loginFormMachine, {
    valid: typed,
    invalid: { email: '' },
    field: 'email',
    validValue: 'demo@example.com',
    invalidValue: '',
    outputs: [{ is_active: true }],
  }),
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
