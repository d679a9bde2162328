import type { Company } from '../../src/domain/entities';

/** The seed's company of demo@example.com as GET /company answers it: confirmed, direct debit, nothing pending. */
export const demoCompany: Company = {
  name: 'Demo GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: 'DE123456789',
  payment_type: 'direct_debit',
  iban: 'DE89370400440532013000',
  checkbox_iban: true,
  company_number: 'K-10001',
  phone: '+49 30 1234567',
  has_product_count: 4,
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
