import { FormattedMessage, defineMessages } from 'react-intl';
import type { Licence } from '../../domain/entities';
import { isSoldPerCpu } from '../../domain/licence-features';
import { licenceTotal } from '../../domain/licence-order';
import { formatEur } from '../../domain/prices';
import { licenceOrderMachine } from '../../machines/licence-order.machine';
import type { OrderPrefill } from '../../machines/order-prefill.machine';
import type { UserError } from '../../machines/user-error';
import { countryOptions } from '../shared/countries';
import { ErrorLine, useErrorText } from '../shared/error-line';
import { RequiredNote, SelectField, SubmitButton, TextField } from '../shared/form-fields';
import { useForm } from '../shared/use-form';
import { reverseChargeApplies } from '../../domain/vat';
import { BusinessOnly } from '../shared/business-notices';
import { ReverseChargeNote, TermsCheckbox } from '../shared/legal-notices';
import { CpuChoice } from './cpu-choice';

const messages = defineMessages({
  heading: { id: 'shop.order.formHeading', defaultMessage: 'Your details' },
  email: { id: 'shop.order.email', defaultMessage: 'Email address' },
  companyName: { id: 'shop.order.companyName', defaultMessage: 'Company name' },
  firstname: { id: 'shop.order.firstname', defaultMessage: 'First name' },
  lastname: { id: 'shop.order.lastname', defaultMessage: 'Last name' },
  phone: { id: 'shop.order.phone', defaultMessage: 'Phone' },
  street: { id: 'shop.order.street', defaultMessage: 'Street and number' },
  postcode: { id: 'shop.order.postcode', defaultMessage: 'Postcode' },
  city: { id: 'shop.order.city', defaultMessage: 'City' },
  country: { id: 'shop.order.country', defaultMessage: 'Country' },
  ustid: { id: 'shop.order.ustid', defaultMessage: 'VAT ID' },
  order: {
    id: 'shop.order.submit',
    defaultMessage: 'Order and pay',
    description: 'German law: the button must say that the order costs money',
  },
  ordering: { id: 'shop.order.submitting', defaultMessage: 'Sending your order…' },
});

/**
 * SPEC §2 step 1: the order form with its total, order button and error line. What was typed
 * stays when the order fails (the form machine keeps it); success leads to /order_done.
 */
export function OrderForm({
  licence,
  prefill,
  companyError,
}: {
  licence: Licence;
  prefill: OrderPrefill;
  companyError: UserError | null;
}) {
  const errorText = useErrorText();
  const form = useForm(licenceOrderMachine, { values: { ...prefill, product_id: licence.id, cpu_count: 1 } });
  const { values, fieldErrors, busy, slow, error, change } = form;
  const text = (
    name: 'email' | 'company_name' | 'firstname' | 'lastname' | 'phone' | 'street' | 'postcode' | 'city' | 'ustid',
  ) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (value: string) => change(name, value),
  });

  return (
    <form
      method="dialog"
      ref={form.formRef}
      className="card order-form"
      noValidate
      onSubmit={form.submit}
      aria-labelledby="order-form-heading"
    >
      <h3 id="order-form-heading">
        <FormattedMessage {...messages.heading} />
      </h3>
      {companyError && (
        <p className="notice notice-warn" role="status">
          <FormattedMessage
            id="shop.order.companyFailed"
            defaultMessage="Your company details could not be loaded ({reason}). Please fill them in."
            values={{ reason: errorText(companyError) }}
          />
        </p>
      )}
      <RequiredNote />
      <TextField {...text('email')} label={messages.email} type="email" autoComplete="email" required />
      <TextField {...text('company_name')} label={messages.companyName} autoComplete="organization" required />
      <div className="field-row">
        <TextField {...text('firstname')} label={messages.firstname} autoComplete="given-name" required />
        <TextField {...text('lastname')} label={messages.lastname} autoComplete="family-name" required />
      </div>
      <TextField {...text('phone')} label={messages.phone} type="tel" autoComplete="tel" />
      <TextField {...text('street')} label={messages.street} autoComplete="street-address" required />
      <div className="field-row">
        <TextField {...text('postcode')} label={messages.postcode} autoComplete="postal-code" required />
        <TextField {...text('city')} label={messages.city} autoComplete="address-level2" required />
      </div>
      <SelectField
        name="country"
        label={messages.country}
        value={values.country}
        error={fieldErrors.country}
        onChange={(value) => change('country', value)}
        options={countryOptions}
        required
      />
      <TextField {...text('ustid')} label={messages.ustid} />
      {isSoldPerCpu(licence.product_type) ? (
        <CpuChoice
          licence={licence}
          value={values.cpu_count}
          onChange={(value) => change('cpu_count', value)}
          disabled={busy}
        />
      ) : (
        <p className="field-hint">
          <FormattedMessage
            id="shop.order.perServer"
            defaultMessage="This licence covers one server, whatever its number of CPU sockets."
          />
        </p>
      )}
      <p className="order-total" role="status">
        <FormattedMessage
          id="shop.order.total"
          defaultMessage="Total: {price} per year, plus VAT"
          values={{ price: <strong>{formatEur(licenceTotal(licence, values.cpu_count))}</strong> }}
        />
      </p>
      {reverseChargeApplies(values.country, values.ustid) && <ReverseChargeNote />}
      <BusinessOnly />
      <TermsCheckbox
        checked={values.terms}
        error={fieldErrors.terms}
        onChange={(checked) => change('terms', checked)}
      />
      <SubmitButton
        busy={busy}
        slow={slow}
        waiting={form.waiting}
        label={messages.order}
        busyLabel={messages.ordering}
      />
      <ErrorLine error={error} />
    </form>
  );
}
