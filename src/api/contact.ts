import { request } from './client';
import { ContactPayload } from './structs';

interface Call {
  signal?: AbortSignal;
}

/** POST /contact: HTTP 200 is success. */
export async function sendContact(body: ContactPayload, { signal }: Call = {}): Promise<void> {
  return request('POST', '/contact', { body, payload: ContactPayload, answer: null, signal, changes: true });
}
