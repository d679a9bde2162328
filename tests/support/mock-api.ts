/**
 * Shared steps for the mock API tests: they drive the real client in src/api against the
 * MSW handlers, with the seeded database that tests/setup/dom.ts resets before each test.
 */
import { expect, vi } from 'vitest';
import { login } from '../../src/api/login';
import { ApiError, apiUrl } from '../../src/api/client';
import type { EditCompanyPayload } from '../../src/api/company-structs';
import type { RegisterPayload } from '../../src/api/registration';
import { SEED_PASSWORD, seedEmails } from '../../src/mocks/seed';

export { SEED_PASSWORD, seedEmails };

export async function loginAs(email: string = seedEmails.demo, password: string = SEED_PASSWORD) {
  return login({ email, password, language: 'en' });
}

/** The ApiError a call fails with; fails the test when the call succeeds or throws anything else. */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

export function registration(overrides: Partial<RegisterPayload> = {}): RegisterPayload {
  return {
    email: 'new@example.com',
    password: 'Correct-Horse-Battery-9',
    language: 'en',
    firstname: 'Nina',
    lastname: 'Neu',
    phone: '+49 40 555',
    pending_name: 'Neu IT GmbH',
    pending_street: 'Am Kai 3',
    pending_postcode: '20457',
    pending_city: 'Hamburg',
    pending_state: '',
    pending_country: 'DE',
    pending_ustid: '',
    notifications: true,
    ...overrides,
  };
}

export function companyEdit(overrides: Partial<EditCompanyPayload> = {}): EditCompanyPayload {
  return {
    firstname: 'Erika',
    lastname: 'Mustermann',
    phone: '+49 30 1234567',
    pending_name: 'Demo GmbH',
    pending_street: 'Musterstraße 1',
    pending_postcode: '10115',
    pending_city: 'Berlin',
    pending_state: '',
    pending_country: 'DE',
    pending_ustid: 'DE123456789',
    payment_type: 'direct_debit',
    iban: 'DE89 3704 0044 0532 0130 00',
    checkbox_iban: true,
    ...overrides,
  };
}

/** Fixes the clock (Date only, so MSW and the client keep their real timers). */
export function setClock(isoTime: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(isoTime));
}

/** Sends a request past the client's own payload checks, as another client could. */
export async function send(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(apiUrl(path), {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as unknown };
}
