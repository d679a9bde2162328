/**
 * Adding an authenticator app on the security page (issue 44, decision 058): the server makes a
 * secret (`POST /v1.1/account/totp`), the page shows it as a QR code and as text, and the app's
 * first code confirms it (the child `form`, `POST /v1.1/account/totp/{id}/confirm`); the account's
 * first factor brings ten recovery codes, shown once. Until the code is confirmed the secret
 * protects nothing; leaving drops it (the server forgets it after 15 minutes).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FactorAdded, TotpEnrolment } from '../api/v1-1/security';
import { errorLineMachine } from './error-line.machine';
import { showError } from './form-actions';
import type { FieldErrors } from './form-actions';
import { createFormMachine } from './form.machine';
import { sessionExpired, type PortalRefs } from './portal-refs';
import { typeOf } from './type-of';
import { unauthorizedGuard } from './user-error';

export interface CodeValues extends Record<string, unknown> {
  code: string;
}

/** The app's six digits; spaces, as apps show them, do not count. */
export function validateCode({ code }: CodeValues): FieldErrors<CodeValues> {
  const digits = code.replace(/\s/g, '');
  if (digits === '') return { code: 'required' };
  return /^\d{6}$/.test(digits) ? {} : { code: 'invalid' };
}

/** The app's first code for the new authenticator (`given`: its id). */
export const authenticatorCodeForm = createFormMachine<CodeValues, string, { id: string; code: string }, FactorAdded>({
  id: 'authenticatorCode',
  description: "Issue 44: the app's first code confirms the new authenticator (POST /v1.1/account/totp/{id}/confirm).",
  initialValues: { code: '' },
  validate: validateCode,
  payload: ({ values, given }) => ({ id: given ?? '', code: values.code }),
  submit: async ({ id, code }, signal) =>
    (await import('../api/v1-1/security')).confirmAuthenticator(id, code, { signal }),
  endsOnSuccess: true,
});

export interface EnrolmentContext extends PortalRefs {
  /** The name the new authenticator gets. */
  name: string;
  enrolment: TotpEnrolment | null;
  /** The recovery codes of the account's first factor: shown once. */
  recoveryCodes: string[];
}

export type EnrolmentEvent = { type: 'enrolment.retry' } | { type: 'enrolment.finish' };

export const authenticatorEnrolmentMachine = setup({
  types: {
    context: typeOf<EnrolmentContext>(),
    input: typeOf<PortalRefs & { name: string }>(),
    events: typeOf<EnrolmentEvent>(),
    children: typeOf<{ form: 'form'; errorLine: 'errorLine' }>(),
  },
  actors: {
    start: fromPromise<TotpEnrolment, string>(async ({ input, signal }) =>
      (await import('../api/v1-1/security')).startAuthenticator(input, { signal }),
    ),
    form: authenticatorCodeForm,
    errorLine: errorLineMachine,
  },
  actions: {
    sessionExpired: sessionExpired(),
    showError: showError(),
    keepEnrolment: assign((_, enrolment: TotpEnrolment) => ({ enrolment })),
    keepRecoveryCodes: assign((_, recoveryCodes: string[]) => ({ recoveryCodes })),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
    hasRecoveryCodes: (_, codes: string[]) => codes.length > 0,
  },
}).createMachine({
  id: 'authenticatorEnrolment',
  description:
    'Issue 44: a new authenticator app: its secret (POST /v1.1/account/totp) as a QR code and as text, confirmed by its first code; recovery codes shown once with the first factor.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    name: input.name,
    enrolment: null,
    recoveryCodes: [],
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'starting',
  states: {
    starting: {
      description: 'The server makes the secret.',
      tags: ['busy'],
      invoke: {
        src: 'start',
        input: ({ context }) => context.name,
        onDone: { target: 'confirming', actions: { type: 'keepEnrolment', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isUnauthorized', target: 'failed', actions: ['showError', 'sessionExpired'] },
          { target: 'failed', actions: 'showError' },
        ],
      },
    },
    failed: {
      description: 'No secret was made (a refusal, or no answer): the reason, and a retry.',
      on: { 'enrolment.retry': { target: 'starting' } },
    },
    confirming: {
      description: "The QR code and the secret as text; the app's first code confirms them (the child `form`).",
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({ session: context.session, app: context.app, given: context.enrolment?.id ?? '' }),
        onDone: [
          {
            guard: {
              type: 'hasRecoveryCodes',
              params: ({ event }) => event.output.ending?.answer?.recovery_codes ?? [],
            },
            target: 'recoveryCodes',
            actions: {
              type: 'keepRecoveryCodes',
              params: ({ event }) => event.output.ending?.answer?.recovery_codes ?? [],
            },
          },
          { target: 'added' },
        ],
      },
    },
    recoveryCodes: {
      description: 'The first factor brought ten recovery codes: shown once, to download or print.',
      tags: ['added'],
      on: { 'enrolment.finish': { target: 'added' } },
    },
    added: {
      description: 'The authenticator protects the account; the page reads its factors again.',
      type: 'final',
    },
  },
});

export type AuthenticatorEnrolmentActor = ActorRefFrom<typeof authenticatorEnrolmentMachine>;
export type AuthenticatorCodeActor = ActorRefFrom<typeof authenticatorCodeForm>;
