/**
 * The login journey (SPEC §2 Login, §4 Account and Flows, §8). The form is
 * `login-form.machine.ts`, invoked as the child `form` (decision 053); this machine keeps the
 * login's two outcomes: an active account starts the session and goes on to /dashboard, or back
 * where the login was asked for (docs/decisions/027); a pending one (`is_active: false`, or HTTP
 * 401) shows the activation notice for 30 seconds while the customer can type and send again.
 * Unlike the original portal, a successful login shows no message at all (SPEC §4 "login message
 * quirk", docs/decisions/003).
 *
 * A server that protects the account with a factor answers the password with a ticket instead of a
 * session (`second_factor`, issue 44, decision 058): the login goes on to its second step, the child
 * `secondStep` (`second-step.machine.ts`), until the code is taken, the customer goes back, or the
 * ticket is over (its `expires_in`, or the server ends it): then the password form opens again with
 * what was typed, under a notice. The ticket lives only here, and only during the second step.
 */
import { assign, setup, type ActorRefFrom, type SnapshotEvent, type SnapshotFrom } from 'xstate';
import type { LoginAnswer, SecondFactorOffer } from '../api/login';
import type { SecondStepMethod } from '../domain/entities';
import { timers, type Language } from '../domain/constants';
import { paths } from '../domain/routes';
import { loginFormMachine, type LoginValues } from './login-form.machine';
import { secondStepMachine } from './second-step.machine';
import { navigate, refsOf, tellSession, type PortalRefs } from './portal-refs';
import { typeOf } from './type-of';

export interface LoginContext extends PortalRefs {
  /** What the form starts with: the values given, then those of a login that ended not active. */
  values: Partial<LoginValues>;
  /** The page's language when the form opened; each submit carries the page's own (SPEC §7). */
  language: Language;
  /**
   * Where an active login leads: /dashboard (SPEC §4 Flows), the page that sent the customer to
   * the login (checked by `safeReturnTarget`, docs/decisions/027), or nowhere for the login in place,
   * where the customer stays on the page under the dialog.
   */
  next: string | null;
  /** The second step the server asked for: its ticket, how the account can answer, for how long. */
  step: SecondStep | null;
  /** The browser can use passkeys: a passkey is offered in the second step only then. */
  passkeys: boolean;
}

/** A second step as the login keeps it: the methods the portal knows, in the order it offers them. */
export interface SecondStep {
  ticket: string;
  methods: SecondStepMethod[];
  /** Seconds until the ticket ends, as the server said (at most an hour is believed). */
  expiresIn: number;
  /** The passkey's challenge, when the account has one. */
  passkeyOptions: unknown;
}

/** The order the step offers the methods in: the app's code first, the recovery code last. */
const methodOrder: readonly SecondStepMethod[] = ['totp', 'passkey', 'recovery'];

/** What the login keeps of the server's `second_factor`; null when it names no method the portal knows. */
export function secondStepOf(offer: SecondFactorOffer | undefined, passkeys: boolean): SecondStep | null {
  if (!offer) return null;
  const methods = methodOrder.filter(
    (method) =>
      offer.methods.includes(method) && (method !== 'passkey' || (passkeys && offer.passkey_options !== undefined)),
  );
  if (methods.length === 0) return null;
  const expiresIn = Number.isFinite(offer.expires_in) ? Math.min(Math.max(offer.expires_in, 1), 3600) : 300;
  return { ticket: offer.ticket, methods, expiresIn, passkeyOptions: offer.passkey_options };
}

/** Not active, or the second step: the customer's events go to the child forms, these to the login. */
export type LoginEvent =
  | SnapshotEvent<SnapshotFrom<typeof loginFormMachine>>
  | SnapshotEvent<SnapshotFrom<typeof secondStepMachine>>
  /** The customer leaves the second step for the password form (another account, a typo). */
  | { type: 'secondStep.back' };

export const loginMachine = setup({
  types: {
    context: typeOf<LoginContext>(),
    input: typeOf<
      PortalRefs & { values?: Partial<LoginValues>; language: Language; next?: string | null; passkeys?: boolean }
    >(),
    events: typeOf<LoginEvent>(),
    children: typeOf<{ form: 'form'; secondStep: 'secondStep' }>(),
  },
  actors: {
    /** Email and password, their rules and POST /login. */
    form: loginFormMachine,
    /** The code, passkey or recovery code, and POST /v1.1/login/second-factor. */
    secondStep: secondStepMachine,
  },
  actions: {
    tellSession: tellSession(),
    navigate: navigate(),
    /** The values of a login that ended not active, which the form opens with again. */
    keepValues: assign((_, { values }: { values: LoginValues }) => ({ values })),
    /** The second step the server asked for, with the values that led to it. */
    keepStep: assign((_, { values, step }: { values: LoginValues; step: SecondStep | null }) => ({ values, step })),
    /** The ticket is over or left: nothing of it stays. */
    forgetStep: assign({ step: null }),
  },
  guards: {
    /** Given the answer of the form's done event (typed by `setup`); none when a 401 ended it. */
    isActive: (_, { answer }: { answer: LoginAnswer | undefined }) => answer?.is_active === true,
    /** Active, and the server asks for a second step the portal can answer. */
    asksSecondStep: ({ context }, { answer }: { answer: LoginAnswer | undefined }) =>
      answer?.is_active === true && secondStepOf(answer.second_factor, context.passkeys) !== null,
    /** Active, and the server asks for a second step, but by no method this browser can give. */
    asksUnusableStep: (_, { answer }: { answer: LoginAnswer | undefined }) =>
      answer?.is_active === true && answer.second_factor !== undefined,
    /** The second step ended without a session: its ticket is over. */
    isRefused: (_, { refused }: { refused: boolean }) => refused,
    /** The login leads to a page (not so the login in place, whose page is already shown). */
    leadsOn: ({ context }) => context.next !== null,
    /** Active, and the login leads to a page (not so the login in place, whose page is already shown). */
    isActiveAndLeadsOn: ({ context }, { answer }: { answer: LoginAnswer | undefined }) =>
      answer?.is_active === true && context.next !== null,
    /** The form is sending (its snapshot, which it tells this machine, has the tag `busy`). */
    isSending: ({ event }) => 'snapshot' in event && event.snapshot.hasTag('busy'),
  },
  delays: {
    errorTtl: timers.errorTtl,
    /** The ticket's own time, as the server gave it. */
    ticketTtl: ({ context }) => (context.step?.expiresIn ?? 0) * 1000,
  },
}).createMachine({
  id: 'login',
  description:
    'SPEC §2 Login, SPEC §4 Account and SPEC §8: email and password; active accounts go on to /dashboard, pending ones see the activation notice.',
  context: ({ input }) => ({
    values: input.values ?? {},
    language: input.language,
    next: input.next === undefined ? paths.dashboard() : input.next,
    step: null,
    passkeys: input.passkeys ?? false,
    session: input.session,
    app: input.app,
  }),
  initial: 'form',
  states: {
    form: {
      description: 'The form (the child `form`): email and password, POST /login with the page language.',
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({
          ...refsOf(context),
          values: context.values,
          language: context.language,
        }),
        onDone: [
          // A protected account: its second step, with the ticket of the answer (decision 058).
          {
            guard: { type: 'asksSecondStep', params: ({ event }) => ({ answer: event.output.ending?.answer }) },
            target: 'secondStep',
            actions: {
              type: 'keepStep',
              params: ({ context, event }) => ({
                values: event.output.values,
                step: secondStepOf(event.output.ending?.answer?.second_factor, context.passkeys),
              }),
            },
          },
          // A second step by a method the portal does not know, or a passkey this browser has not:
          // no session was opened, and none can be here.
          {
            guard: { type: 'asksUnusableStep', params: ({ event }) => ({ answer: event.output.ending?.answer }) },
            target: '.cannotConfirm',
            reenter: true,
            actions: { type: 'keepValues', params: ({ event }) => ({ values: event.output.values }) },
          },
          // SPEC §4: an active account goes to /dashboard, with no message (docs/decisions/003),
          // or back to the page it came from (docs/decisions/027).
          {
            guard: { type: 'isActiveAndLeadsOn', params: ({ event }) => ({ answer: event.output.ending?.answer }) },
            target: 'loggedIn',
            actions: [
              { type: 'tellSession', params: { type: 'session.loggedIn' } },
              { type: 'navigate', params: ({ context }) => ({ to: context.next ?? paths.dashboard() }) },
            ],
          },
          {
            guard: { type: 'isActive', params: ({ event }) => ({ answer: event.output.ending?.answer }) },
            target: 'loggedIn',
            actions: { type: 'tellSession', params: { type: 'session.loggedIn' } },
          },
          // Not active (or a 401): the form opens again with what was typed, under the notice.
          {
            target: '.notActive',
            reenter: true,
            actions: { type: 'keepValues', params: ({ event }) => ({ values: event.output.values }) },
          },
        ],
        // The notice goes once the customer sends the form again.
        onSnapshot: { guard: 'isSending', target: '.editing' },
      },
      initial: 'editing',
      states: {
        editing: {
          description: 'The customer types; field errors show beside their fields, refusals on the error line.',
        },
        notActive: {
          description:
            'SPEC §8: the account awaits activation; the notice is kept 30 seconds like every message, the form stays open.',
          tags: ['notActive'],
          after: { errorTtl: { target: 'editing' } },
        },
        cannotConfirm: {
          description:
            'Issue 44: the server asked for a second step that this browser cannot give (a passkey without WebAuthn, an unknown method); the form stays open under a notice kept 30 seconds.',
          tags: ['cannotConfirm'],
          after: { errorTtl: { target: 'editing' } },
        },
        signInExpired: {
          description:
            "Issue 44: the second step's ticket is over; the password form is open again with what was typed, under a notice kept 30 seconds.",
          tags: ['signInExpired'],
          after: { errorTtl: { target: 'editing' } },
        },
      },
    },
    secondStep: {
      description:
        'Issue 44, decision 058: the server asked for a second step; the child `secondStep` takes a code, a passkey or a recovery code with the ticket, which lasts its expires_in.',
      tags: ['secondStep'],
      invoke: {
        id: 'secondStep',
        src: 'secondStep',
        input: ({ context }) => ({
          ...refsOf(context),
          language: context.language,
          values: { method: context.step?.methods[0] ?? 'totp' },
          given: { ticket: context.step?.ticket ?? '', passkeyOptions: context.step?.passkeyOptions },
        }),
        onDone: [
          {
            guard: {
              type: 'isRefused',
              params: ({ event }) => ({ refused: event.output.ending?.refusal !== undefined }),
            },
            target: '#login.form.signInExpired',
          },
          {
            guard: 'leadsOn',
            target: 'loggedIn',
            actions: [
              { type: 'tellSession', params: { type: 'session.loggedIn' } },
              { type: 'navigate', params: ({ context }) => ({ to: context.next ?? paths.dashboard() }) },
            ],
          },
          { target: 'loggedIn', actions: { type: 'tellSession', params: { type: 'session.loggedIn' } } },
        ],
      },
      after: { ticketTtl: { target: '#login.form.signInExpired' } },
      on: { 'secondStep.back': { target: 'form' } },
      exit: 'forgetStep',
    },
    loggedIn: {
      description:
        'SPEC §4: is_active true; the app starts the session and the customer goes to /dashboard, or back where the login was asked for.',
      tags: ['done'],
    },
  },
});

export type LoginActor = ActorRefFrom<typeof loginMachine>;
