/**
 * The contract's cancellation, in a module of its own: the company page's cancellation card loads
 * it, while the company read (./company.ts) also comes with the shop's order form.
 */
import { request } from './client';

interface Call {
  signal?: AbortSignal;
}

/**
 * Cancels the contract: on v1.1 `POST /contract/cancellation` with a key, on v1 `GET /contract/cancel`
 * (the answer's body is not specified; any 2xx is success).
 */
export async function cancelContract({ signal }: Call = {}): Promise<void> {
  if (await (await import('./server-version')).offeredV11(signal))
    return (await import('./v1-1/calls')).cancelContract({ signal });
  return request('GET', '/contract/cancel', { answer: null, signal, changes: true });
}
