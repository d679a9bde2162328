/**
 * Path models of the licence shop (SPEC §2; decisions 009 and 010): the catalogue, the licence tab, the order form and
 * its prefill. The machine tests in tests/machines/ drive the same machines through their real outcomes.
 */
import type { AnyStateMachine } from 'xstate';
import type { Catalogue, Company, User } from '../../../src/domain/entities';
import { catalogueMachine } from '../../../src/machines/catalogue.machine';
import {
  emptyLicenceOrder,
  licenceOrderMachine,
  type LicenceOrderValues,
} from '../../../src/machines/licence-order.machine';
import { orderPrefillMachine } from '../../../src/machines/order-prefill.machine';
import { shopTabMachine } from '../../../src/machines/shop-tab.machine';
import type { PathModel } from '../coverage';
import { aborted, formModels, networkError, pending, serverError, unauthorized } from '../fixtures';

const catalogue: Catalogue = {
  VE: [
    {
      id: 1,
      name: 'Proxmox VE Community',
      price_1_cpu: 115,
      price_2_cpu: 230,
      price_4_cpu: 460,
      highlight: false,
      product_type: 'VE',
    },
  ],
  PBS: [],
  MG: [],
};

const user: User = {
  email: 'demo@example.com',
  language: 'de',
  notifications: true,
  firstname: 'Erika',
  lastname: 'Mustermann',
  phone: null,
  company_number: 'K-10001',
  products: [],
};

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
  has_product_count: 0,
  notifications: true,
  pending_name: null,
  pending_street: null,
  pending_postcode: null,
  pending_city: null,
  pending_state: null,
  pending_country: null,
  pending_ustid: null,
};

const order: LicenceOrderValues = {
  ...emptyLicenceOrder,
  email: 'buyer@example.org',
  company_name: 'Käufer GmbH',
  firstname: 'Karl',
  lastname: 'Käufer',
  street: 'Marktplatz 2',
  postcode: '80331',
  city: 'München',
  product_id: 3,
  terms: true,
};

export const models: PathModel[] = [
  {
    machine: catalogueMachine.provide({ actors: { load: pending } }) as AnyStateMachine,
    input: {},
    events: [{ type: 'load.retry' }],
    outputs: { load: [catalogue] },
    errors: { load: [serverError, networkError, aborted] },
  },
  {
    machine: shopTabMachine,
    events: [
      { type: 'tab.select', productType: 'VE' },
      { type: 'tab.select', productType: 'PBS' },
      { type: 'tab.select', productType: 'MG' },
    ],
  },
  ...formModels<LicenceOrderValues>(licenceOrderMachine, {
    valid: order,
    invalid: { postcode: '123' },
    field: 'postcode',
    validValue: '80331',
    invalidValue: '123',
  }),
  {
    machine: orderPrefillMachine.provide({ actors: { loadCompany: pending } }) as AnyStateMachine,
    session: { user },
    events: [],
    outputs: { loadCompany: [company] },
    errors: { loadCompany: [aborted, unauthorized, serverError] },
  },
];
