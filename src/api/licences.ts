import { request, requestDone } from './client';
import { CatalogueAnswer, LicenceOrderPayload } from './structs';
import type { Catalogue } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

export async function getCatalogue({ signal }: Call = {}): Promise<Catalogue> {
  return request('GET', '/licences', { answer: CatalogueAnswer, signal });
}

export async function orderLicence(body: LicenceOrderPayload, { signal }: Call = {}): Promise<void> {
  return requestDone('POST', '/licence/order', { body, payload: LicenceOrderPayload, signal, changes: true });
}
