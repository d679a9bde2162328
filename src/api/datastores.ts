import { isDatastoreIdentifier } from '../domain/fields';
import { ApiError, request } from './client';
import { StatusListAnswer } from './structs';
import type { Datastore } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

/** GET /status: the customer's datastores. */
export async function getStatus({ signal }: Call = {}): Promise<Datastore[]> {
  return request('GET', '/status', { answer: StatusListAnswer, signal });
}

/**
 * GET /product/pbs/{identifier}/{productId} buys a datastore; HTTP 200 is success.
 * productId 0 is the dynamic rate, 1 to 20 a fixed volume in TB (docs/decisions/002).
 */
export async function buyDatastore(identifier: string, productId: number, { signal }: Call = {}): Promise<void> {
  if (!isDatastoreIdentifier(identifier) || !Number.isInteger(productId) || productId < 0) {
    throw new ApiError('invalid-request');
  }
  return request('GET', `/product/pbs/${encodeURIComponent(identifier)}/${productId}`, {
    answer: null,
    signal,
    changes: true,
  });
}

/** GET /datastore/cancel/{name}: schedules the deletion; the answer's body is not specified. */
export async function cancelDatastore(name: string, { signal }: Call = {}): Promise<void> {
  return request('GET', `/datastore/cancel/${encodeURIComponent(name)}`, { answer: null, signal, changes: true });
}
