/**
 * Path models of the company page (SPEC §2; decision 007): the company machine (view, edit, reloads), its
 * edit form (a createFormMachine form: editing, saving, waiting), the contract cancellation and the notifications checkbox. The machine tests in tests/machines/
 * drive the same machines through their real outcomes.
 */
import { fromCallback, type AnyStateMachine } from 'xstate';
import type { Company } from '../../../src/domain/entities';
import { companyFormValues } from '../../../src/domain/company-form';
import { companyEditMachine } from '../../../src/machines/company-edit.machine';
import { companyMachine } from '../../../src/machines/company.machine';
import { contractCancellationMachine } from '../../../src/machines/contract-cancellation.machine';
import { notificationsMachine } from '../../../src/machines/notifications.machine';
import { aUser } from '../../support/builders';
import type { PathModel } from '../coverage';
import { aborted, pending, refused, serverError, tooManyRequests, unauthorized } from '../fixtures';

const company: Company = {
  name: 'Demo GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: null,
  payment_type: 'bill',
  iban: null,
  checkbox_iban: false,
  company_number: 'K-10001',
  phone: null,
  has_product_count: 1,
  notifications: true,
  pending_name: null,
  pending_street: null,
  pending_postcode: null,
  pending_city: null,
  pending_state: null,
  pending_country: null,
  pending_ustid: null,
  contract_end_date: null,
};

export const models: PathModel[] = [
  {
    machine: companyMachine.provide({
      actors: {
        loadCompany: pending,
        // The edit form's own model is below; here it ends (a save) or Back stops it.
        form: companyEditMachine.provide({ actors: { submit: pending } }),
        cancellation: contractCancellationMachine.provide({ actors: { cancelContract: pending } }),
        reloadedUser: fromCallback(() => {}),
      },
    }) as AnyStateMachine,
    session: {},
    events: [
      { type: 'company.retry' },
      { type: 'company.reload' },
      // The child `cancellation`'s reports (its own model is below).
      { type: 'cancellation.done' },
      { type: 'cancellation.sessionExpired' },
      // The user's reload after a cancellation (the session's, in the app).
      { type: 'user.reloaded', user: aUser() },
      { type: 'user.reloadFailed' },
      { type: 'company.back' },
      { type: 'company.edit' },
    ],
    outputs: { loadCompany: [company], form: [undefined] },
    errors: { loadCompany: [unauthorized, serverError, aborted] },
    serializeContext: (context) => {
      const { company: loaded, loadError, saved } = context as { company: unknown; loadError: unknown; saved: boolean };
      return { loaded: loaded !== null, loadError, saved };
    },
  },
  ...[companyFormValues(company, null), { ...companyFormValues(company, null), street: '' }].map(
    (values): PathModel => ({
      machine: companyEditMachine.provide({ actors: { submit: pending } }) as AnyStateMachine,
      session: {},
      input: { values, given: { pendingState: null } },
      events: [
        { type: 'field.change', name: 'street', value: '' },
        { type: 'field.change', name: 'street', value: 'Neue Straße 5' },
        { type: 'field.change', name: 'payment_type', value: 'bill' },
        { type: 'field.change', name: 'payment_type', value: 'direct_debit' },
        { type: 'field.change', name: 'iban', value: 'de89370400440532013000' },
        { type: 'form.submit' },
      ],
      errors: { submit: [unauthorized, refused, aborted, tooManyRequests] },
      serializeContext: (context) => {
        const {
          values: typed,
          submitted,
          fieldErrors,
        } = context as {
          values: { street: string; payment_type: string; iban: string };
          submitted: boolean;
          fieldErrors: object;
        };
        return { ...typed, submitted, errors: Object.keys(fieldErrors).length > 0 };
      },
    }),
  ),
  {
    // Alone, the card's machine has no company page to tell.
    machine: contractCancellationMachine.provide({
      actors: { cancelContract: pending },
      actions: { cancelled: () => {}, sessionExpired: () => {} },
    }) as AnyStateMachine,
    events: [
      { type: 'cancel.request' },
      { type: 'cancel.confirm' },
      { type: 'cancel.abort' },
      // What the company machine hands over after its reload of the user.
      {
        type: 'products.reloaded',
        products: [{ name: 'backup', dynamic_volume: 1, volume: 0, contract_end_date: '2027-01-31' }],
      },
      { type: 'products.reloaded', products: null },
    ],
    errors: { cancelContract: [unauthorized, serverError, aborted] },
  },
  ...[true, false].map((enabled): PathModel => ({
    machine: notificationsMachine.provide({ actors: { saveNotifications: pending } }) as AnyStateMachine,
    session: {},
    input: { enabled },
    events: [
      { type: 'notifications.set', enabled: true },
      { type: 'notifications.set', enabled: false },
    ],
    errors: { saveNotifications: [unauthorized, serverError, aborted] },
  })),
];
