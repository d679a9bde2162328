/**
 * Prefills the licence order form of a logged-in customer (decision 010): the person from the
 * session's user (GET /me, read from the session, which alone keeps it) and the company from
 * GET /company. Only customers run it: a visitor's form opens empty at once. A failed company call
 * never blocks the order: the form opens with what is known and the view says that the address
 * could not be loaded (docs/decisions/010).
 */
import { assign, fromPromise, setup } from 'xstate';
import { getCompany } from '../api/company';
import type { Company, User } from '../domain/entities';
import { business, timers, type Country } from '../domain/constants';
import type { LicenceOrderValues } from './licence-order.machine';
import { sessionExpired, type WithSession } from './portal-refs';
import { selectUser } from './session.machine';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { typeOf } from './type-of';
import { isOneOf } from '../domain/one-of';

export type OrderPrefill = Partial<Omit<LicenceOrderValues, 'product_id' | 'cpu_count'>>;

export type OrderPrefillInput = WithSession;

export interface OrderPrefillContext extends WithSession {
  values: OrderPrefill;
  /** Why the company could not be loaded, if it could not. */
  error: UserError | null;
}

function isCountry(value: string | null): value is Country {
  return isOneOf(business.countries, value);
}

/**
 * The form's values from the account. A company field that is still empty falls back to its
 * pending_* value: an address entered at registration waits there until the account is activated
 * or the change is applied (SPEC §3), and it is still the customer's own latest address.
 */
export function orderPrefillFrom(user: User | null, company: Company | null): OrderPrefill {
  const values: OrderPrefill = {};
  const put = (name: Exclude<keyof OrderPrefill, 'country'>, ...candidates: (string | null | undefined)[]) => {
    const found = candidates.find((candidate) => typeof candidate === 'string' && candidate.trim() !== '');
    if (found) values[name] = found;
  };
  put('email', user?.email);
  put('firstname', user?.firstname);
  put('lastname', user?.lastname);
  put('phone', user?.phone, company?.phone);
  put('company_name', company?.name, company?.pending_name);
  put('street', company?.street, company?.pending_street);
  put('postcode', company?.postcode, company?.pending_postcode);
  put('city', company?.city, company?.pending_city);
  put('ustid', company?.ustid, company?.pending_ustid);
  const country = [company?.country ?? null, company?.pending_country ?? null].find(isCountry);
  if (country) values.country = country;
  return values;
}

export const orderPrefillMachine = setup({
  types: {
    context: typeOf<OrderPrefillContext>(),
    input: typeOf<OrderPrefillInput>(),
  },
  actors: {
    loadCompany: fromPromise<Company>(({ signal }) => getCompany({ signal })),
  },
  actions: {
    /** A 401: the session ends (decision 001). */
    sessionExpired: sessionExpired(),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'orderPrefill',
  description:
    'SPEC §2 shop step 1: a logged-in customer finds the order form prefilled from the account (GET /me, GET /company).',
  context: ({ input }) => ({
    session: input.session,
    values: orderPrefillFrom(selectUser(input.session.getSnapshot()), null),
    error: null,
  }),
  initial: 'loadingCompany',
  states: {
    loadingCompany: {
      description: 'GET /company for the company name and address.',
      tags: ['busy'],
      invoke: {
        src: 'loadCompany',
        onDone: {
          target: 'ready',
          // The session's user as it is now: a GET /me that answered meanwhile counts.
          actions: assign({
            values: ({ context, event }) => orderPrefillFrom(selectUser(context.session.getSnapshot()), event.output),
          }),
        },
        onError: [
          // The session is over: nothing of the account belongs in the form any more.
          { guard: 'isUnauthorized', target: 'ready', actions: [assign({ values: {} }), 'sessionExpired'] },
          { target: 'ready', actions: assign({ error: ({ event }) => userErrorFrom(event.error) }) },
        ],
      },
      after: { loadingTimeout: { target: 'ready', actions: assign({ error: { key: 'timeout' } }) } },
    },
    ready: {
      description: 'The form can open with these values.',
      type: 'final',
    },
  },
});
