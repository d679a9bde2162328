/**
 * Path models of the company page (SPEC §2; decision 007): the company machine (view, edit, saving, reloads),
 * the contract cancellation and the notifications checkbox. The machine tests in tests/machines/
 * drive the same machines through their real outcomes.
 */
import { fromCallback, type AnyStateMachine } from 'xstate';
import type { Company } from '../../../src/domain/entities';
import { companyMachine } from '../../../src/machines/company.machine';
import { contractCancellationMachine } from '../../../src/machines/contract-cancellation.machine';
import { notificationsMachine } from '../../../src/machines/notifications.machine';
import { aUser } from '../../support/builders';
import type { PathModel } from '../coverage';
import { aborted, pending, refused, serverError, unauthorized } from '../fixtures';

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
        saveCompany: pending,
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
      { type: 'form.submit' },
      { type: 'company.edit' },
      { type: 'field.change', name: 'street', value: '' },
      { type: 'field.change', name: 'street', value: 'Neue Straße 5' },
      { type: 'payment.choose', paymentType: 'bill' },
      { type: 'payment.choose', paymentType: 'direct_debit' },
    ],
    outputs: { loadCompany: [company] },
    errors: { loadCompany: [unauthorized, serverError, aborted], saveCompany: [unauthorized, refused, aborted] },
    serializeContext: (context) => {
      const {
        company: loaded,
        values,
        loadError,
        saved,
      } = context as {
        company: unknown;
        values: { street: string; payment_type: string };
        loadError: unknown;
        saved: boolean;
      };
      return { loaded: loaded !== null, street: values.street, payment: values.payment_type, loadError, saved };
    },
  },
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
