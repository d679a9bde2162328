/**
 * The sign-in with a passkey alone on the login page (issue 44, decision 058): where the server
 * offers `second-factor` and the browser has passkeys, the customer may sign in without an
 * address or a password, by a button (the browser's own dialog) or, where the browser offers it,
 * by picking a passkey among the address field's suggestions (conditional mediation, which waits
 * in the background until the customer picks one or leaves). A v1 server, or a browser without
 * passkeys, shows nothing of it. A passkey is itself a second factor: no second step follows.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '../api/error';
import { paths } from '../domain/routes';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError } from './form-actions';
import { navigate, tellSession, type PortalRefs } from './portal-refs';
import { secondStepErrorFrom } from './second-step.machine';
import { typeOf } from './type-of';

export interface PasskeySignInContext extends PortalRefs {
  /** Where the sign-in leads: /dashboard, or the page that asked for the login (decision 027). */
  next: string;
  /** The browser offers passkeys among the address field's suggestions. */
  conditional: boolean;
}

/** What the page can offer, as the probe found it. */
export interface PasskeyOffer {
  offered: boolean;
  conditional: boolean;
}

export type PasskeySignInEvent = { type: 'passkey.signIn' };

export const passkeySignInMachine = setup({
  types: {
    context: typeOf<PasskeySignInContext>(),
    input: typeOf<PortalRefs & { next: string }>(),
    events: typeOf<PasskeySignInEvent>(),
  },
  actors: {
    /** Whether the server offers `second-factor` and the browser has passkeys (and suggests them). */
    offer: fromPromise<PasskeyOffer>(async ({ signal }) => {
      const [{ offeredV11 }, { conditionalSignInSupported, passkeysSupported }] = await Promise.all([
        import('../api/server-version'),
        import('../api/v1-1/webauthn'),
      ]);
      if (!passkeysSupported()) return { offered: false, conditional: false };
      const offer = await offeredV11(signal);
      if (!offer?.secondFactor) return { offered: false, conditional: false };
      return { offered: true, conditional: await conditionalSignInSupported() };
    }),
    /** The server's challenge, the browser's passkey for it, and the session: the dialog, or the suggestions. */
    signIn: fromPromise<void, { conditional: boolean }>(async ({ input, signal }) =>
      (await import('../api/v1-1/sign-in')).signInWithPasskey({ conditional: input.conditional, signal }),
    ),
    errorLine: errorLineMachine,
  },
  actions: {
    tellSession: tellSession(),
    navigate: navigate(),
    keepOffer: assign((_, { conditional }: { conditional: boolean }) => ({ conditional })),
    showError: showError(secondStepErrorFrom),
    clearError: clearError(),
  },
  guards: {
    isOffered: (_, { offered }: { offered: boolean }) => offered,
    isConditional: ({ context }) => context.conditional,
    /**
     * The suggestions ended without the customer's doing (the browser gave up, the page left, the
     * server's challenge could not be had): nothing to tell. Only a passkey the customer picked and
     * the server refused, or too many attempts, are told.
     */
    isQuietEnd: ({ event }) =>
      !('error' in event && isApiError(event.error) && [403, 429].includes(event.error.status ?? 0)),
  },
}).createMachine({
  id: 'passkeySignIn',
  description:
    'Issue 44, decision 058: a sign-in with a passkey alone (POST /v1.1/login/passkey/options, the browser, POST /v1.1/login/passkey) where the server offers second-factor and the browser has passkeys.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    next: input.next,
    conditional: false,
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'checking',
  states: {
    checking: {
      description:
        'Asks the server what it offers (the probe shared with every v1.1 call) and the browser what it has.',
      invoke: {
        src: 'offer',
        onDone: [
          {
            guard: { type: 'isOffered', params: ({ event }) => ({ offered: event.output.offered }) },
            target: 'ready',
            actions: { type: 'keepOffer', params: ({ event }) => ({ conditional: event.output.conditional }) },
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'A v1 server, or a browser without passkeys: nothing of it shows.',
      type: 'final',
    },
    ready: {
      description: 'The button shows; where the browser suggests passkeys, it waits for the customer to pick one.',
      tags: ['offered'],
      initial: 'choosing',
      states: {
        choosing: {
          always: { guard: 'isConditional', target: 'suggesting' },
        },
        suggesting: {
          description: "The browser's suggestions offer the passkeys for this site until the customer picks one.",
          invoke: {
            src: 'signIn',
            input: { conditional: true },
            onDone: { target: '#passkeySignIn.signedIn' },
            onError: [
              { guard: 'isQuietEnd', target: 'waiting' },
              { target: 'waiting', actions: 'showError' },
            ],
          },
        },
        waiting: {
          description: 'The suggestions ended (a refusal, or the browser gave up); the button still signs in.',
        },
      },
      on: { 'passkey.signIn': { target: 'signingIn', actions: 'clearError' } },
    },
    signingIn: {
      description: "The browser's own dialog, then the server's check; one at a time.",
      tags: ['offered', 'busy'],
      invoke: {
        src: 'signIn',
        input: { conditional: false },
        onDone: { target: 'signedIn' },
        onError: { target: 'ready.waiting', actions: 'showError' },
      },
    },
    signedIn: {
      description: 'The session is open: the app loads the customer and shows the next page.',
      tags: ['offered', 'done'],
      entry: [
        { type: 'tellSession', params: { type: 'session.loggedIn' } },
        { type: 'navigate', params: ({ context }) => ({ to: context.next || paths.dashboard() }) },
      ],
      type: 'final',
    },
  },
});

export type PasskeySignInActor = ActorRefFrom<typeof passkeySignInMachine>;
