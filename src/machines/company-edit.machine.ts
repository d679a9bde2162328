/**
 * The company page's edit form (SPEC §2 "Company page: edit mode", §4 "Edit ends on success.
 * Choosing payment type bill clears iban and the checkbox.", §5 the IBAN in blocks of four), a
 * `createFormMachine` form that the company machine invokes as its child `form` in edit mode
 * (decision 053): the page loads and shows the company, the form keeps its lifecycle. It starts
 * with the values the page gives (the company's, with the session user's names), sends
 * POST /edit/company with the user's names and the company's pending state (`given`), and ends
 * with its success, after which the page reloads.
 */
import { editCompany } from '../api/company-edit';
import type { EditCompanyPayload } from '../api/company-structs';
import { editCompanyPayload, validateCompanyForm, type CompanyFormValues } from '../domain/company-form';
import { formatIban } from '../domain/iban';
import type { FieldErrors } from './form-actions';
import { createFormMachine, type FormActor } from './form.machine';
import { callErrorFrom, knownRefusal } from './known-refusals';
import { selectUser } from './session.machine';

/** What the company page gives the form besides its values: the company's pending state (SPEC §7). */
export interface CompanyEditGiven {
  pendingState: string | null;
}

export const emptyCompanyValues: CompanyFormValues = {
  name: '',
  phone: '',
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  ustid: '',
  payment_type: '',
  iban: '',
  checkbox_iban: false,
};

/**
 * The field a refusal of the server blames, marked beside it too (decision 039): a postcode that
 * does not fit the country, a direct debit without the mandate.
 */
export function refusedCompanyFields(error: unknown): FieldErrors<CompanyFormValues> {
  switch (knownRefusal('companyEdit', error)) {
    case 'postcodeCountry':
      return { postcode: 'postcode' };
    case 'mandateMissing':
      return { checkbox_iban: 'mandate' };
    default:
      return {};
  }
}

/** SPEC §5: the IBAN is kept as shown, reformatted live; SPEC §4: choosing bill clears the IBAN and the mandate. */
function alsoChanges(values: CompanyFormValues, name: string): Partial<CompanyFormValues> {
  if (name === 'iban') return { iban: formatIban(values.iban) };
  if (name === 'payment_type' && values.payment_type === 'bill') return { iban: '', checkbox_iban: false };
  return {};
}

export const companyEditMachine = createFormMachine<CompanyFormValues, CompanyEditGiven, EditCompanyPayload>({
  id: 'companyEdit',
  description: 'SPEC §2 Company page, edit mode: the company data and payment; POST /edit/company, once.',
  initialValues: emptyCompanyValues,
  validate: validateCompanyForm,
  alsoChanges,
  // SPEC §7 sends the user's names with every edit, and the pending state the form does not show.
  payload: ({ values, session, given }) =>
    editCompanyPayload(values, selectUser(session.getSnapshot()), given?.pendingState ?? null),
  submit: (payload, signal) => editCompany(payload, { signal }),
  // A postcode or a direct debit the server refuses: in the portal's words (decision 039).
  errorOf: callErrorFrom('companyEdit'),
  refusedFields: refusedCompanyFields,
  endsOnSuccess: true,
});

export type CompanyEditActor = FormActor<CompanyFormValues, CompanyEditGiven, EditCompanyPayload>;
