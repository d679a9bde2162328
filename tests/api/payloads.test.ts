/**
 * What the client refuses to send (SPEC §5, §7): every payload is checked against its struct before
 * it leaves, so a blank required field or an overlong one never reaches the server. Each struct is
 * tested field by field at its limits.
 */
import { describe, expect, it } from 'vitest';
import { ContactPayload } from '../../src/api/structs';
import { EditCompanyPayload } from '../../src/api/company-structs';
import { LicenceOrderPayload } from '../../src/api/licence-structs';
import { RegisterPayload } from '../../src/api/registration';
import { fieldErrors } from '../../src/domain/fields';

const register = {
  email: 'erika@example.com',
  password: 'Sicheres-Passwort-2026',
  language: 'de',
  firstname: 'Erika',
  lastname: 'Mustermann',
  phone: '',
  pending_name: 'Muster GmbH',
  pending_street: 'Musterstraße 1',
  pending_postcode: '10115',
  pending_city: 'Berlin',
  pending_state: '',
  pending_country: 'DE',
  pending_ustid: '',
  notifications: true,
};

const edit = {
  firstname: 'Erika',
  lastname: 'Mustermann',
  phone: '',
  pending_name: 'Muster GmbH',
  pending_street: 'Musterstraße 1',
  pending_postcode: '10115',
  pending_city: 'Berlin',
  pending_state: '',
  pending_country: 'DE',
  pending_ustid: '',
  payment_type: 'direct_debit',
  iban: 'DE89370400440532013000',
  checkbox_iban: true,
};

const contact = { name: 'Erika Mustermann', email: 'erika@example.com', message: 'Hallo' };

const order = {
  email: 'erika@example.com',
  company_name: 'Muster GmbH',
  firstname: 'Erika',
  lastname: 'Mustermann',
  phone: '',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: '',
  product_id: 6,
  cpu_count: 2,
};

const payloads = [
  {
    name: 'registration (POST /register/company)',
    struct: RegisterPayload,
    valid: register,
    required: ['firstname', 'lastname', 'pending_street', 'pending_city'],
    limits: { phone: 40, pending_ustid: 20 },
  },
  {
    name: 'company edit (POST /edit/company)',
    struct: EditCompanyPayload,
    valid: edit,
    required: ['pending_name', 'pending_street', 'pending_city'],
    limits: { phone: 40, pending_ustid: 20, iban: 42 },
  },
  {
    name: 'contact message (POST /contact)',
    struct: ContactPayload,
    valid: contact,
    required: ['name', 'message'],
    limits: { message: 5000 },
  },
  {
    name: 'licence order (POST /licence/order)',
    struct: LicenceOrderPayload,
    valid: order,
    required: ['company_name', 'firstname', 'lastname', 'street', 'city'],
    limits: { phone: 40, ustid: 20 },
  },
];

describe.each(payloads)('the payload of the $name', ({ struct, valid, required, limits }) => {
  it('is sent when complete', () => {
    expect(fieldErrors(struct, valid)).toEqual({});
  });

  it.each(required)('is not sent with %s blank', (field) => {
    expect(fieldErrors(struct, { ...valid, [field]: ' ' })).toEqual({ [field]: 'required' });
  });

  it.each(Object.entries(limits))('is sent with %s at its %i characters, and not with one more', (field, max) => {
    expect(fieldErrors(struct, { ...valid, [field]: 'x'.repeat(max) })).not.toHaveProperty(field);
    expect(fieldErrors(struct, { ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: 'tooLong' });
  });
});
