/**
 * Path models of the shared machines. Each machine runs with actors that never settle (their
 * results come as events) and effects that do nothing, with sample events for both branches
 * of every guard. Screens keep their models in files of their own beside this one.
 */
import type { AnyStateMachine } from 'xstate';
import type { User } from '../../../src/domain/entities';
import { appMachine, appSession } from '../../../src/machines/app.machine';
import { catalogueMachine } from '../../../src/machines/catalogue.machine';
import { errorLineMachine } from '../../../src/machines/error-line.machine';
import { sessionMachine } from '../../../src/machines/session.machine';
import type { PathModel } from '../coverage';
import { aborted, pending, serverError, unauthorized } from '../fixtures';

const user: User = {
  email: 'demo@example.com',
  language: 'de',
  notifications: true,
  firstname: 'D',
  lastname: 'E',
  phone: null,
  company_number: 'K-10001',
  products: [],
};

export const models: PathModel[] = [
  {
    machine: appMachine.provide({
      actors: {
        session: appSession({ actors: { loadUser: pending, logout: pending, saveLanguage: pending } }),
      },
    }) as AnyStateMachine,
    input: { session: { loggedIn: true, language: 'en' } },
    events: [
      { type: 'navigate', to: '/dashboard' },
      { type: 'catalogue.open', logic: catalogueMachine.provide({ actors: { load: pending } }) },
      { type: 'session.ended' },
      { type: 'account.switched' },
      { type: 'order.placed', order: { productId: 3, cpuCount: 1, email: 'buyer@example.com' } },
    ],
    serializeContext: (context) => {
      const { catalogue, lastOrder, accountSwitches } = context as {
        catalogue: unknown;
        lastOrder: unknown;
        accountSwitches: number;
      };
      return { catalogue: catalogue !== null, lastOrder: lastOrder !== null, switched: accountSwitches > 0 };
    },
  },
  {
    machine: errorLineMachine,
    events: [{ type: 'error.show', error: { key: 'general' } }, { type: 'error.clear' }],
  },
  ...[true, false].map((loggedIn): PathModel => ({
    machine: sessionMachine.provide({
      actors: { loadUser: pending, logout: pending, saveLanguage: pending },
    }) as AnyStateMachine,
    input: { loggedIn, language: 'en' },
    events: [
      { type: 'session.loggedIn' },
      { type: 'session.logout' },
      { type: 'session.expired' },
      { type: 'session.interrupted' },
      { type: 'relogin.cancel' },
      { type: 'user.reload' },
      { type: 'user.retry' },
      { type: 'session.recheck' },
      { type: 'language.change', language: 'de' },
      { type: 'passwords.shown', shownAt: { k10001_a: 1000 } },
      { type: 'contract.cancelled' },
    ],
    // The same account's user, and another account's (after a login in place, docs/decisions/027).
    outputs: { loadUser: [user, { ...user, email: 'other@example.com' }] },
    errors: {
      loadUser: [aborted, unauthorized, serverError],
      logout: [serverError],
      saveLanguage: [unauthorized, serverError],
    },
    serializeContext: (context) => {
      const {
        loggedIn: flag,
        user: loaded,
        error,
        resumeFor,
      } = context as { loggedIn: boolean; user: unknown; error: unknown; resumeFor: string | null };
      return { flag, loaded: loaded !== null, error, resumeFor };
    },
  })),
];
