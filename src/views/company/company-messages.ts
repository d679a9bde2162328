import { defineMessages } from 'react-intl';
import type { PaymentType } from '../../domain/company-form';

/** Texts used by more than one part of the company page. */
export const companyMessages = defineMessages({
  title: { id: 'company.title', defaultMessage: 'Account and settings' },
  email: { id: 'company.field.email', defaultMessage: 'Email address' },
  name: { id: 'company.field.name', defaultMessage: 'Company name' },
  customerNumber: { id: 'company.field.customerNumber', defaultMessage: 'Customer number' },
  phone: { id: 'company.field.phone', defaultMessage: 'Phone' },
  street: { id: 'company.field.street', defaultMessage: 'Street and number' },
  postcode: { id: 'company.field.postcode', defaultMessage: 'Postcode' },
  city: { id: 'company.field.city', defaultMessage: 'City' },
  postcodeCity: { id: 'company.field.postcodeCity', defaultMessage: 'Postcode and city' },
  country: { id: 'company.field.country', defaultMessage: 'Country' },
  ustid: { id: 'company.field.ustid', defaultMessage: 'VAT ID' },
  paymentType: { id: 'company.field.paymentType', defaultMessage: 'Payment method' },
  iban: { id: 'company.field.iban', defaultMessage: 'IBAN' },
  none: { id: 'company.value.none', defaultMessage: 'none', description: 'An optional field left empty' },
  addressDelay: {
    id: 'company.pending.delay',
    defaultMessage:
      'It can take up to three business days until changes to the company name, address, country and VAT ID show.',
    description: 'SPEC §3, §9: address changes take up to 3 business days',
  },
});

export const paymentTypeMessages = defineMessages<PaymentType>({
  bill: { id: 'company.payment.bill', defaultMessage: 'Invoice / bank transfer' },
  direct_debit: { id: 'company.payment.directDebit', defaultMessage: 'Direct debit' },
});

export function isKnownPaymentType(value: string | null | undefined): value is PaymentType {
  return value != null && Object.hasOwn(paymentTypeMessages, value);
}
