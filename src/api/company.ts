import { request, requestDone } from './client';
import { CompanyStruct, EditCompanyPayload } from './company-structs';
import type { Company } from '../domain/entities';

interface Call {
  signal?: AbortSignal;
}

export async function getCompany({ signal }: Call = {}): Promise<Company> {
  return request('GET', '/company', { answer: CompanyStruct, signal });
}

/**
 * The company edit: on v1's `POST /edit/company`, or on v1.1's with a key where the server protects
 * accounts with second factors (decision 058, point 4): only a v1.1 refusal can ask for the fresh
 * sign-in a change of the payment needs.
 */
export async function editCompany(body: EditCompanyPayload, { signal }: Call = {}): Promise<void> {
  const offer = await (await import('./server-version')).offeredV11(signal);
  if (offer?.secondFactor) return (await import('./v1-1/calls')).editCompany(body, { signal });
  return requestDone('POST', '/edit/company', { body, payload: EditCompanyPayload, signal, changes: true });
}
