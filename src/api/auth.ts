import { request, requestDone } from './client';
import { ChangePasswordPayload, ForgotPasswordPayload, LoginAnswer, LoginPayload, UserStruct } from './structs';
import type { User } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

/** POST /login: `is_active` false means the account awaits activation (SPEC §4). */
export async function login(body: LoginPayload, { signal }: Call = {}): Promise<LoginAnswer> {
  return request('POST', '/login', { body, payload: LoginPayload, answer: LoginAnswer, signal });
}

export async function forgotPassword(body: ForgotPasswordPayload, { signal }: Call = {}): Promise<void> {
  return requestDone('POST', '/forgotpassword', { body, payload: ForgotPasswordPayload, signal, changes: true });
}

export async function changePassword(body: ChangePasswordPayload, { signal }: Call = {}): Promise<void> {
  return requestDone('POST', '/changepassword', { body, payload: ChangePasswordPayload, signal, changes: true });
}

export async function me({ signal }: Call = {}): Promise<User> {
  return request('GET', '/me', { answer: UserStruct, signal });
}
