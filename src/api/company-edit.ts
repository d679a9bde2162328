/**
 * The company edit, in a module of its own: the company page's edit form loads it, while the
 * company read (./company.ts) also comes with the shop's order form.
 */
import { requestDone } from './client';
import { EditCompanyPayload } from './company-structs';

interface Call {
  signal?: AbortSignal;
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
