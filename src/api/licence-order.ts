/**
 * The licence order (SPEC §7 `POST /licence/order`): on v1.1 with an idempotency key, so that a
 * retry after no answer cannot order twice; on v1 as SPEC says. It loads when the order is sent,
 * not with the shop's first visit, and with it the question which API the server speaks.
 */
import { ApiError } from './error';
import { requestDone } from './client';
import { LicenceOrderPayload } from './licence-structs';

interface Call {
  signal?: AbortSignal;
}

export async function orderLicence(body: LicenceOrderPayload, { signal }: Call = {}): Promise<void> {
  const [error] = LicenceOrderPayload.validate(body);
  if (error) throw new ApiError('invalid-request', { cause: error });
  if (await (await import('./server-version')).offeredV11(signal))
    return (await import('./v1-1/calls')).orderLicence(body, { signal });
  return requestDone('POST', '/licence/order', { body, payload: LicenceOrderPayload, signal, changes: true });
}
