import { request } from './client';
import { CompanyStruct } from './company-structs';
import type { Company } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

export async function getCompany({ signal }: Call = {}): Promise<Company> {
  return request('GET', '/company', { answer: CompanyStruct, signal });
}
