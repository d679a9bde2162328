/**
 * The login journey (SPEC §2 Login, §4 Account and Flows, §8). The form is
 * `login-form.machine.ts`, invoked as the child `form` (decision 053); this machine keeps the
 * login's two outcomes: an active account starts the session and goes on to /dashboard, or back
 * where the login was asked for (docs/decisions/027); a pending one (`is_active: false`, or HTTP
 * 401) shows the activation notice for 30 seconds while the customer can type and send again.
 * Unlike the original portal, a successful login shows no message at all (SPEC §4 "login message
 * quirk", docs/decisions/003).
 */
import { assign, setup, type ActorRefFrom, type SnapshotEvent, type SnapshotFrom } from 'xstate';
import type { LoginAnswer } from '../api/structs';
import { timers, type Language } from '../domain/constants';
import { paths } from '../domain/routes';
import { loginFormMachine, type LoginValues } from './login-form.machine';
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
}

export const loginMachine = setup({
  types: {
    context: typeOf<LoginContext>(),
    input: typeOf<PortalRefs & { values?: Partial<LoginValues>; language: Language; next?: string | null }>(),
    /** Only what the form tells of itself: its snapshot (`onSnapshot`). The customer's events go to the form. */
    events: typeOf<SnapshotEvent<SnapshotFrom<typeof loginFormMachine>>>(),
    children: typeOf<{ form: 'form' }>(),
  },
  actors: {
    /** Email and password, their rules and POST /login. */
    form: loginFormMachine,
  },
  actions: {
    tellSession: tellSession(),
    navigate: navigate(),
    /** The values of a login that ended not active, which the form opens with again. */
    keepValues: assign((_, { values }: { values: LoginValues }) => ({ values })),
  },
  guards: {
    /** Given the answer of the form's done event (typed by `setup`); none when a 401 ended it. */
    isActive: (_, { answer }: { answer: LoginAnswer | undefined }) => answer?.is_active === true,
    /** Active, and the login leads to a page (not so the login in place, whose page is already shown). */
    isActiveAndLeadsOn: ({ context }, { answer }: { answer: LoginAnswer | undefined }) =>
      answer?.is_active === true && context.next !== null,
    /** The form is sending (its snapshot, which it tells this machine, has the tag `busy`). */
    isSending: ({ event }) => event.snapshot.hasTag('busy'),
  },
  delays: { errorTtl: timers.errorTtl },
}).createMachine({
  id: 'login',
  description:
    'SPEC §2 Login, SPEC §4 Account and SPEC §8: email and password; active accounts go on to /dashboard, pending ones see the activation notice.',
  context: ({ input }) => ({
    values: input.values ?? {},
    language: input.language,
    next: input.next === undefined ? paths.dashboard() : input.next,
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
      },
    },
    loggedIn: {
      description:
        'SPEC §4: is_active true; the app starts the session and the customer goes to /dashboard, or back where the login was asked for.',
      tags: ['done'],
    },
  },
});

export type LoginActor = ActorRefFrom<typeof loginMachine>;
