/**
 * Path models of the shop's machines (issue 7) for the path-coverage harness of tests/paths:
 * actors that never settle (their results come as events), effects that do nothing, sample events.
 * tests/machines/shop-paths.test.ts checks them; tests/paths/models.ts can spread them in.
 */
import { fromPromise, type AnyStateMachine } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { Catalogue, Company, User } from '../../src/api/structs';
import { catalogueMachine } from '../../src/machines/catalogue.machine';
import { emptyLicenceOrder, licenceOrderMachine, type LicenceOrderValues } from '../../src/machines/licence-order.machine';
import { orderPrefillMachine } from '../../src/machines/order-prefill.machine';
import { shopTabMachine } from '../../src/machines/shop-tab.machine';
import type { PathModel } from '../paths/coverage';

/** An actor that never settles, typed for the actor it replaces. */
function pending<Output, Input = unknown>() {
  return fromPromise<Output, Input>(() => new Promise<Output>(() => {}));
}
const unauthorized = new ApiError('http', { status: 401 });
const serverError = new ApiError('http', { status: 500 });
const aborted = new ApiError('aborted');

const catalogue: Catalogue = {
  VE: [{ id: 1, name: 'Proxmox VE Community', price_1_cpu: 115, price_2_cpu: 230, price_4_cpu: 460, highlight: false, product_type: 'VE' }],
  PBS: [],
  MG: [],
};

const user: User = {
  email: 'demo@example.com', language: 'de', notifications: true, firstname: 'Erika', lastname: 'Mustermann', phone: null,
  company_number: 'K-10001', products: [],
};

const company: Company = {
  name: 'Demo GmbH', street: 'Musterstraße 1', postcode: '10115', city: 'Berlin', country: 'DE', ustid: null,
  payment_type: 'bill', iban: null, checkbox_iban: false, company_number: 'K-10001', phone: null, has_product_count: 0,
  notifications: true, pending_name: null, pending_street: null, pending_postcode: null, pending_city: null,
  pending_state: null, pending_country: null, pending_ustid: null,
};

const filled: LicenceOrderValues = {
  ...emptyLicenceOrder, email: 'buyer@example.org', company_name: 'Käufer GmbH', firstname: 'Karl', lastname: 'Käufer',
  street: 'Marktplatz 2', postcode: '80331', city: 'München', product_id: 3,
};

export const shopPathModels: PathModel[] = [
  {
    machine: catalogueMachine.provide({ actors: { loadCatalogue: pending<Catalogue>() } }) as AnyStateMachine,
    events: [{ type: 'catalogue.retry' }],
    outputs: { loadCatalogue: [catalogue] },
    errors: { loadCatalogue: [serverError] },
  },
  {
    machine: shopTabMachine,
    events: [
      { type: 'tab.select', productType: 'VE' }, { type: 'tab.select', productType: 'PBS' }, { type: 'tab.select', productType: 'MG' },
      { type: 'tab.next' }, { type: 'tab.previous' }, { type: 'tab.first' }, { type: 'tab.last' },
    ],
  },
  {
    machine: licenceOrderMachine.provide({
      actors: { submit: pending<unknown, Record<string, unknown>>() },
      actions: { succeeded: () => {}, sessionExpired: () => {} },
    }) as AnyStateMachine,
    input: { values: filled },
    events: [
      { type: 'field.change', name: 'email', value: '' }, { type: 'field.change', name: 'email', value: 'buyer@example.org' },
      { type: 'field.change', name: 'cpu_count', value: 2 }, { type: 'form.submit' }, { type: 'form.edit' },
    ],
    errors: { submit: [aborted, unauthorized, serverError] },
    serializeContext: (context) => {
      const { values, fieldErrors, submitted } = context as { values: LicenceOrderValues; fieldErrors: object; submitted: boolean };
      return { email: values.email, cpu: values.cpu_count, errors: Object.keys(fieldErrors), submitted };
    },
  },
  {
    machine: orderPrefillMachine.provide({ actors: { loadCompany: pending<Company>() }, actions: { sessionExpired: () => {} } }) as AnyStateMachine,
    input: { user },
    events: [],
    outputs: { loadCompany: [company] },
    errors: { loadCompany: [aborted, unauthorized, serverError] },
  },
];
