/**
 * The company page (SPEC §2 "Company page", §4 "Company page: view or edit. Edit ends on
 * success. Choosing payment type bill clears iban and the checkbox."): GET /company, view
 * mode, edit mode with its form, POST /edit/company, and a reload with the fresh data.
 * The user (names, email, products) comes from the session the machine holds: an edit starts
 * with its names, and the save sends them, because SPEC §7 sends them with every edit. The side
 * card's contract cancellation runs as the child `cancellation`; after its yes, this machine
 * reloads the company and asks the session to reload the user (`reloadedUser`), and hands the
 * child the reloaded products, which may carry the contract's end date.
 */
import { assign, fromPromise, raise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { editCompany, getCompany } from '../api/company';
import type { Company } from '../domain/entities';
import { timers, waiting } from '../domain/constants';
import {
  companyFormValues,
  editCompanyPayload,
  validateCompanyForm,
  type CompanyFieldErrors,
  type CompanyFormValues,
  type EditCompanyValues,
  type PaymentType,
} from '../domain/company-form';
import { formatIban } from '../domain/iban';
import { contractCancellationMachine } from './contract-cancellation.machine';
import { errorLineMachine } from './error-line.machine';
import { clearError, clearFieldErrors, markInvalid, showError, showTimeout, withoutErrors } from './form-actions';
import { callErrorFrom, knownRefusal } from './known-refusals';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { sessionExpired, sessionInterrupted, tellSession, type WithSession } from './portal-refs';
import { reloadedUser, type UserReload } from './session-readers';
import { selectUser } from './session.machine';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';

export interface CompanyContext extends WithSession {
  company: Company | null;
  values: CompanyFormValues;
  fieldErrors: CompanyFieldErrors;
  /** Set after a refused submit, so that the field errors follow the typing live. */
  submitted: boolean;
  /** Why the company could not be (re)loaded. */
  loadError: UserError | null;
  /** Set by a successful save until the next edit: the view confirms the save. */
  saved: boolean;
}

type TypedField = Exclude<keyof CompanyFormValues & string, 'payment_type'>;
export type CompanyFieldChange = {
  [K in TypedField]: { type: 'field.change'; name: K; value: CompanyFormValues[K] };
}[TypedField];

export type CompanyEvent =
  | { type: 'company.retry' }
  | { type: 'company.reload' }
  /** From the child `cancellation`: the contract is cancelled (SPEC §4), or its call answered 401. */
  | { type: 'cancellation.done' }
  | { type: 'cancellation.sessionExpired' }
  | UserReload
  | { type: 'company.edit' }
  | { type: 'company.back' }
  | CompanyFieldChange
  | { type: 'payment.choose'; paymentType: PaymentType }
  | { type: 'form.submit' };

const emptyValues: CompanyFormValues = {
  name: '',
  phone: '',
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  ustid: '',
  payment_type: '',
  iban: '',
  checkbox_iban: false,
};

/**
 * The field a refusal of the server blames, marked beside it too (decision 039): a postcode that
 * does not fit the country, a direct debit without the mandate.
 */
export function refusedCompanyFields(error: unknown): CompanyFieldErrors {
  switch (knownRefusal('companyEdit', error)) {
    case 'postcodeCountry':
      return { postcode: 'postcode' };
    case 'mandateMissing':
      return { checkbox_iban: 'mandate' };
    default:
      return {};
  }
}

/** Applies a change and, once a submit was refused, re-checks every field (live errors). */
function changed(context: CompanyContext, values: CompanyFormValues, names: string[]) {
  const fieldErrors = context.submitted ? validateCompanyForm(values) : withoutErrors(context.fieldErrors, names);
  return { values, fieldErrors };
}

export const companyMachine = setup({
  types: {
    context: typeOf<CompanyContext>(),
    events: typeOf<CompanyEvent>(),
    input: typeOf<WithSession>(),
  },
  actors: {
    loadCompany: fromPromise<Company>(({ signal }) => getCompany({ signal })),
    saveCompany: fromPromise<void, EditCompanyValues>(({ input, signal }) => editCompany(input, { signal })),
    errorLine: errorLineMachine,
    cancellation: contractCancellationMachine,
    /** The session's reload of the user after a cancellation, told back. */
    reloadedUser,
  },
  actions: {
    /** A 401: the session ends silently (decision 001). */
    sessionExpired: sessionExpired(),
    /**
     * A 401 on saving: the session ends in place, a login dialog opens over the form, and the
     * values wait for the customer's next click on Save (docs/decisions/027).
     */
    sessionInterrupted: sessionInterrupted(),
    tellSession: tellSession(),
    /** The company of GET /company, given by the `loadCompany` actor's done event (typed by `setup`). */
    keepCompany: assign((_, { company }: { company: Company }) => ({ company, loadError: null })),
    keepLoadError: assign({ loadError: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    keepLoadTimeout: assign({ loadError: { key: 'timeout' } }),
    startEditing: assign(({ context }) => {
      const person = selectUser(context.session.getSnapshot());
      return {
        values: context.company ? companyFormValues(context.company, person) : emptyValues,
        fieldErrors: {},
        submitted: false,
        saved: false,
      };
    }),
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      // SPEC §5: the IBAN is kept as shown, reformatted live.
      const value = event.name === 'iban' ? formatIban(event.value) : event.value;
      return changed(context, { ...context.values, [event.name]: value }, [event.name]);
    }),
    /** SPEC §4: choosing bill clears the IBAN and the mandate. */
    chooseBill: assign(({ context }) =>
      changed(context, { ...context.values, payment_type: 'bill', iban: '', checkbox_iban: false }, [
        'payment_type',
        'iban',
        'checkbox_iban',
      ]),
    ),
    chooseDirectDebit: assign(({ context }) =>
      changed(context, { ...context.values, payment_type: 'direct_debit' }, ['payment_type']),
    ),
    markInvalid: markInvalid(validateCompanyForm),
    markRefusedFields: assign(({ context, event }) =>
      'error' in event ? { fieldErrors: { ...context.fieldErrors, ...refusedCompanyFields(event.error) } } : {},
    ),
    clearFieldErrors: clearFieldErrors(),
    markSaved: assign({ saved: true }),
    productsUnknown: sendTo('cancellation', { type: 'products.reloaded', products: null }),
    clearError: clearError(),
    // A postcode or a direct debit the server refuses: in the portal's words (decision 039).
    showError: showError(callErrorFrom('companyEdit')),
    showTimeout: showTimeout(),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validateCompanyForm(context.values)).length > 0,
    isUnauthorized: unauthorizedGuard,
    choosesBill: ({ event }) => event.type === 'payment.choose' && event.paymentType === 'bill',
  },
  delays: { loadingTimeout: timers.loadingTimeout, stillWorking: waiting.stillWorking },
}).createMachine({
  id: 'company',
  description: 'SPEC §2 Company page: view or edit; edit ends on success.',
  context: ({ input }) => ({
    session: input.session,
    company: null,
    values: emptyValues,
    fieldErrors: {},
    submitted: false,
    loadError: null,
    saved: false,
  }),
  invoke: [
    { id: 'errorLine', src: 'errorLine' },
    { id: 'cancellation', src: 'cancellation' },
  ],
  on: {
    // SPEC §4: a cancelled contract changes the company (its products) and the user's products.
    'cancellation.done': {
      actions: [
        // The session keeps it for the dashboard, which shows the datastores read-only (decision 029).
        { type: 'tellSession', params: { type: 'contract.cancelled' } },
        spawnChild('reloadedUser', { id: 'reloadedUser', input: ({ context }) => context }),
        raise({ type: 'company.reload' }),
      ],
    },
    'cancellation.sessionExpired': { actions: 'sessionExpired' },
    'user.reloaded': {
      actions: sendTo('cancellation', ({ event }) => ({
        type: 'products.reloaded',
        products: event.user.products ?? null,
      })),
    },
    // The end date is an extra: without the reload the cancellation stands, shown without a date.
    // (A 401 of the reload has ended the session, which made it.)
    'user.reloadFailed': { actions: 'productsUnknown' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /company, first and after a save; the page shows that it loads.',
      tags: ['busy'],
      invoke: {
        src: 'loadCompany',
        onDone: {
          target: 'view',
          actions: { type: 'keepCompany', params: ({ event }) => ({ company: event.output }) },
        },
        onError: [
          { guard: 'isUnauthorized', target: 'failed', actions: ['keepLoadError', 'sessionExpired'] },
          { target: 'failed', actions: 'keepLoadError' },
        ],
      },
      after: { loadingTimeout: { target: 'failed', actions: 'keepLoadTimeout' } },
    },
    failed: {
      description: 'The company could not be loaded: a clear message and a retry, never a blank page.',
      on: { 'company.retry': { target: 'loading' } },
    },
    view: {
      description: 'View mode: the company, its pending changes, the products and the side cards.',
      initial: 'shown',
      on: { 'company.edit': { target: 'edit', actions: ['startEditing', 'clearError'] } },
      states: {
        shown: {
          on: { 'company.reload': { target: 'refreshing' } },
        },
        refreshing: {
          description: 'GET /company in the background (after a cancellation), the data stays on screen.',
          invoke: {
            src: 'loadCompany',
            onDone: {
              target: 'shown',
              actions: { type: 'keepCompany', params: ({ event }) => ({ company: event.output }) },
            },
            onError: [
              { guard: 'isUnauthorized', target: 'shown', actions: ['keepLoadError', 'sessionExpired'] },
              { target: 'shown', actions: 'keepLoadError' },
            ],
          },
          after: { loadingTimeout: { target: 'shown', actions: 'keepLoadTimeout' } },
        },
      },
    },
    edit: {
      description: 'Edit mode: the form, then back or save.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The customer types; field errors show beside their fields.',
          on: {
            'field.change': { actions: 'setValue' },
            'payment.choose': [{ guard: 'choosesBill', actions: 'chooseBill' }, { actions: 'chooseDirectDebit' }],
            'form.submit': [
              { guard: 'isInvalid', actions: ['markInvalid', 'clearError'] },
              { target: 'saving', actions: ['clearFieldErrors', 'clearError'] },
            ],
            'company.back': { target: '#company.view', actions: 'clearError' },
          },
        },
        saving: {
          description:
            'POST /edit/company, once; on failure, a 401 included, every field keeps what was typed (docs/decisions/027).',
          tags: ['busy'],
          invoke: {
            src: 'saveCompany',
            input: ({ context }) =>
              editCompanyPayload(
                context.values,
                selectUser(context.session.getSnapshot()),
                context.company?.pending_state ?? null,
              ),
            onDone: {
              target: '#company.loading',
              actions: ['markSaved', { type: 'tellSession', params: { type: 'user.reload' } }],
            },
            onError: [
              // The dialog says that the session ended; the error line stays empty, for after the login.
              { guard: 'isUnauthorized', target: 'editing', actions: 'sessionInterrupted' },
              { target: 'editing', actions: ['markRefusedFields', 'showError'] },
            ],
          },
          after: { loadingTimeout: { target: 'editing', actions: 'showTimeout' } },
          ...stillWorkingStates(),
        },
      },
    },
  },
});

export type CompanyActor = ActorRefFrom<typeof companyMachine>;
export type CompanySnapshot = SnapshotFrom<typeof companyMachine>;
