import { request } from './client';
import { CatalogueAnswer } from './licence-structs';
import type { Catalogue } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

export async function getCatalogue({ signal }: Call = {}): Promise<Catalogue> {
  return request('GET', '/licences', { answer: CatalogueAnswer, signal });
}
