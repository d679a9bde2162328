import { request, requestDone } from './client';
import { ChangePasswordPayload, ForgotPasswordPayload, UserStruct } from './structs';
import type { User } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
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
