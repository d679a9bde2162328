/**
 * POST /register/company (SPEC §4): its payload and its call, loaded with the registration only
 * (src/api/structs.ts).
 */
import { boolean, object, type Infer } from 'superstruct';
import * as field from '../domain/fields';
import { requestDone } from './client';
import { LanguageStruct } from './structs';

export const RegisterPayload = object({
  email: field.email,
  password: field.password,
  language: LanguageStruct,
  firstname: field.text({ required: true }),
  lastname: field.text({ required: true }),
  phone: field.text({ max: 40 }),
  pending_name: field.text(),
  pending_street: field.text({ required: true }),
  pending_postcode: field.postcode,
  pending_city: field.text({ required: true }),
  pending_state: field.text(),
  pending_country: field.country,
  pending_ustid: field.text({ max: 20 }),
  notifications: boolean(),
});

export type RegisterPayload = Infer<typeof RegisterPayload>;

export async function register(body: RegisterPayload, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  return requestDone('POST', '/register/company', { body, payload: RegisterPayload, signal, changes: true });
}
