import { isDatastoreIdentifier } from '../domain/fields';
import { ApiError, request } from './client';
import { StatusListAnswer } from './datastore-structs';
import type { Datastore } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

/** GET /status: the customer's datastores. */
export async function getStatus({ signal }: Call = {}): Promise<Datastore[]> {
  return request('GET', '/status', { answer: StatusListAnswer, signal });
}

/**
 * Buys a datastore: on v1.1 `POST /datastores` with an idempotency key and its operation until it
 * is over, on v1 `GET /product/pbs/{identifier}/{productId}` (HTTP 200 is success). productId 0 is
 * the dynamic rate, 1 to 20 a fixed volume in TB (docs/decisions/002).
 */
export async function buyDatastore(identifier: string, productId: number, { signal }: Call = {}): Promise<void> {
  if (!isDatastoreIdentifier(identifier) || !Number.isInteger(productId) || productId < 0) {
    throw new ApiError('invalid-request');
  }
  const offer = await (await import('./server-version')).offeredV11(signal);
  if (offer) return (await import('./v1-1/calls')).buyDatastore(identifier, productId, offer, { signal });
  return request('GET', `/product/pbs/${encodeURIComponent(identifier)}/${productId}`, {
    answer: null,
    signal,
    changes: true,
  });
}

/**
 * Schedules a datastore's deletion: on v1.1 `POST /datastores/{name}/cancellation` with a key, on
 * v1 `GET /datastore/cancel/{name}` (the answer's body is not specified).
 */
export async function cancelDatastore(name: string, { signal }: Call = {}): Promise<void> {
  if (await (await import('./server-version')).offeredV11(signal))
    return (await import('./v1-1/calls')).cancelDatastore(name, { signal });
  return request('GET', `/datastore/cancel/${encodeURIComponent(name)}`, { answer: null, signal, changes: true });
}
