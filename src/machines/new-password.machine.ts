/**
 * Setting a new password from the emailed link (SPEC §2 "new password", §4 "Password reset",
 * §5, §8). The page's machine keeps what is the link's: a link without email or token never shows
 * the form, and a link the server refuses ends the journey with a way to ask for a new one
 * (docs/decisions/004). The form itself is `new-password-form.machine.ts`, invoked as the child
 * `form` (decision 053); its success leads to /login with "Your password has been changed.".
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '../api/client';
import { isEmail } from '../domain/fields';
import { paths } from '../domain/routes';
import type { FormEnding } from './form.machine';
import { newPasswordFormMachine } from './new-password-form.machine';
import { navigate, refsOf, type PortalRefs } from './portal-refs';
import { typeOf } from './type-of';

export interface NewPasswordInput extends PortalRefs {
  /** From the link's query string; `null` when missing. */
  email: string | null;
  token: string | null;
}

export interface NewPasswordContext extends PortalRefs {
  email: string;
  token: string;
  /** The server's explanation of a refused link, made plain by the API client (SPEC §8, decision 017). */
  refusal: string | null;
}

export const newPasswordMachine = setup({
  types: {
    context: typeOf<NewPasswordContext>(),
    input: typeOf<NewPasswordInput>(),
    children: typeOf<{ form: 'form' }>(),
  },
  actors: {
    /** The two password fields, their rules and POST /changepassword. */
    form: newPasswordFormMachine,
  },
  actions: {
    /** The password was changed (provided by the app where it wants to know). */
    changed: () => {},
    navigate: navigate(),
    keepRefusal: assign((_, { refusal }: { refusal: unknown }) => ({
      refusal: isApiError(refusal) ? (refusal.reason ?? null) : null,
    })),
  },
  guards: {
    hasLink: ({ context }) => isEmail(context.email) && context.token.trim() !== '',
    /** Given the form's ending (its done event's output, typed by `setup`). */
    isLinkRefused: (_, { ending }: { ending: FormEnding | null }) => ending !== null && 'refusal' in ending,
  },
}).createMachine({
  id: 'newPassword',
  description:
    'SPEC §2 new password, SPEC §4 Password reset and SPEC §5: a new password from the emailed link, then /login.',
  context: ({ input }) => ({
    email: input.email?.trim() ?? '',
    token: input.token?.trim() ?? '',
    session: input.session,
    app: input.app,
    refusal: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'The link must carry an email address and a token, or there is nothing to send.',
      always: [{ guard: 'hasLink', target: 'form' }, { target: 'linkMissing' }],
    },
    linkMissing: {
      description: 'The address lacks email or token; the customer can ask for a new link.',
      tags: ['linkInvalid'],
    },
    form: {
      description:
        'The form (the child `form`): two password fields with the policy checklist, POST /changepassword with the link.',
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({
          ...refsOf(context),
          given: { email: context.email, token: context.token },
        }),
        onDone: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ ending: event.output.ending }) },
            target: 'linkRefused',
            actions: {
              type: 'keepRefusal',
              params: ({ event }) => ({ refusal: event.output.ending?.refusal }),
            },
          },
          // /login with "Your password has been changed." (SPEC §8).
          {
            target: 'changed',
            actions: ['changed', { type: 'navigate', params: { to: paths.login('changed') } }],
          },
        ],
      },
    },
    linkRefused: {
      description: 'The server refused the link (invalid, expired or used); the customer can ask for a new one.',
      tags: ['linkInvalid'],
    },
    changed: {
      description: 'SPEC §4: success leads to /login.',
      tags: ['done'],
    },
  },
});

export type NewPasswordActor = ActorRefFrom<typeof newPasswordMachine>;
