import { request, requestDone } from './client';
import { CompanyStruct, EditCompanyPayload } from './company-structs';
import type { Company } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

export async function getCompany({ signal }: Call = {}): Promise<Company> {
  return request('GET', '/company', { answer: CompanyStruct, signal });
}

export async function editCompany(body: EditCompanyPayload, { signal }: Call = {}): Promise<void> {
  return requestDone('POST', '/edit/company', { body, payload: EditCompanyPayload, signal, changes: true });
}
