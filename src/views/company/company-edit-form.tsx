import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { config } from '../../config';
import type { PaymentType } from '../../domain/company-form';
import type { CompanyEditActor } from '../../machines/company-edit.machine';
import { ErrorLine } from '../shared/error-line';
import { FormButtons } from '../shared/form-buttons';
import { CheckboxField, RequiredNote, SelectField, TextField } from '../shared/form-fields';
import { companyMessages, paymentTypeMessages } from './company-messages';
import { countryOptions } from '../shared/countries';
import { IbanField } from './iban-field';
import { useFormActor } from '../shared/use-form';

const messages = defineMessages({
  heading: { id: 'company.edit.heading', defaultMessage: 'Edit company data' },
  choose: { id: 'company.edit.choose', defaultMessage: 'Please choose' },
  ibanHint: {
    id: 'company.edit.ibanHint',
    defaultMessage: 'For example DE89 3704 0044 0532 0130 00. Spaces are added for you.',
  },
  mandate: {
    id: 'company.edit.mandate',
    defaultMessage: 'We grant the following SEPA direct debit mandate for recurring payments',
    description: 'The checkbox of the mandate; its text follows it (decision 041)',
  },
  unnamedCompany: {
    id: 'company.edit.mandateUnnamedCompany',
    defaultMessage: 'the company entered above',
    description: 'The account holder in the mandate text while the company name field is empty',
  },
  back: { id: 'company.edit.back', defaultMessage: 'Back' },
  save: { id: 'company.edit.save', defaultMessage: 'Save' },
  saving: { id: 'company.edit.saving', defaultMessage: 'Saving…' },
});

/**
 * SPEC §2 "the SEPA mandate", a core mandate for recurring payments (decisions 028, 041): the
 * creditor with its address and identifier are the provider's settings (src/config.ts); the account
 * holder is the company, since SPEC §7's payload has no field for another one.
 */
const mandateText = defineMessage<{
  creditor: string;
  creditorAddress: string;
  creditorId: string;
  company: string;
}>({
  id: 'company.edit.mandateText',
  description:
    'The SEPA core mandate for recurring payments of a business customer (wording of the Deutsche Kreditwirtschaft); creditor is the provider, creditorAddress its postal address, creditorId its creditor identifier, company the account holder (the company name typed in the form)',
  defaultMessage:
    'Creditor: {creditor}, {creditorAddress}; creditor identifier {creditorId}. Account holder: {company} (the account must be held by the company). We authorise {creditor} to collect recurring payments from our account by SEPA direct debit. At the same time we instruct our bank to honour the direct debits drawn on our account by {creditor}. Note: we can demand a refund of the debited amount within eight weeks, starting with the debit date. The conditions agreed with our bank apply. The mandate reference will be sent to us with the pre-notification of the first direct debit. We grant this mandate electronically by saving; {creditor} records it with the date of saving.',
});

const paymentOptions = (['bill', 'direct_debit'] as const).map((value) => ({
  value,
  label: paymentTypeMessages[value],
}));

/**
 * SPEC §2 "Edit mode": the fields, direct debit with IBAN and mandate, back and save. The form is
 * the company machine's child (`form`); Back is the page's (`onBack`), which drops what was typed.
 */
export function CompanyEditForm({ form, onBack }: { form: CompanyEditActor; onBack: () => void }) {
  const { values, fieldErrors: errors, busy, slow, waiting, error, formRef, change: send, submit } = useFormActor(form);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const intl = useIntl();

  // Entering edit mode moves the focus to the form, so that keyboard and screen reader users start there.
  useEffect(() => headingRef.current?.focus(), []);

  const change = (name: 'name' | 'phone' | 'street' | 'postcode' | 'city' | 'ustid') => (value: string) =>
    send(name, value);
  const paymentChoices =
    values.payment_type === '' ? [{ value: '' as const, label: messages.choose }, ...paymentOptions] : paymentOptions;

  return (
    <form
      method="dialog"
      ref={formRef}
      className="card company-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="company-edit-heading"
    >
      <h2 id="company-edit-heading" ref={headingRef} tabIndex={-1}>
        <FormattedMessage {...messages.heading} />
      </h2>
      <RequiredNote />
      <TextField
        name="name"
        label={companyMessages.name}
        required
        autoComplete="organization"
        value={values.name}
        error={errors.name}
        onChange={change('name')}
      />
      <TextField
        name="phone"
        label={companyMessages.phone}
        type="tel"
        autoComplete="tel"
        value={values.phone}
        error={errors.phone}
        onChange={change('phone')}
      />
      <TextField
        name="street"
        label={companyMessages.street}
        required
        autoComplete="address-line1"
        value={values.street}
        error={errors.street}
        onChange={change('street')}
      />
      <div className="company-form-row">
        <TextField
          name="postcode"
          label={companyMessages.postcode}
          required
          autoComplete="postal-code"
          value={values.postcode}
          error={errors.postcode}
          onChange={change('postcode')}
        />
        <TextField
          name="city"
          label={companyMessages.city}
          required
          autoComplete="address-level2"
          value={values.city}
          error={errors.city}
          onChange={change('city')}
        />
      </div>
      <SelectField
        name="country"
        label={companyMessages.country}
        required
        options={countryOptions}
        value={values.country === '' ? 'DE' : values.country}
        error={errors.country}
        onChange={(value) => send('country', value)}
      />
      <TextField
        name="ustid"
        label={companyMessages.ustid}
        autoComplete="off"
        value={values.ustid}
        error={errors.ustid}
        onChange={change('ustid')}
      />
      <p className="field-hint">
        <FormattedMessage {...companyMessages.addressDelay} />
      </p>
      <SelectField<PaymentType | ''>
        name="payment_type"
        label={companyMessages.paymentType}
        required
        options={paymentChoices}
        value={values.payment_type}
        error={errors.payment_type}
        onChange={(value) => {
          if (value !== '') send('payment_type', value);
        }}
      />
      {values.payment_type === 'direct_debit' && (
        <fieldset className="company-direct-debit">
          <legend>
            <FormattedMessage {...paymentTypeMessages.direct_debit} />
          </legend>
          <IbanField
            label={companyMessages.iban}
            hint={messages.ibanHint}
            value={values.iban}
            error={errors.iban}
            onChange={(value) => send('iban', value)}
          />
          <CheckboxField
            name="checkbox_iban"
            label={messages.mandate}
            description={intl.formatMessage(mandateText, {
              creditor: config.sepaCreditorName,
              creditorAddress: config.sepaCreditorAddress,
              creditorId: config.sepaCreditorId,
              company: values.name.trim() || intl.formatMessage(messages.unnamedCompany),
            })}
            required
            checked={values.checkbox_iban}
            error={errors.checkbox_iban}
            onChange={(checked) => send('checkbox_iban', checked)}
          />
        </fieldset>
      )}
      <ErrorLine error={error} />
      <FormButtons
        className="company-form-actions"
        back={messages.back}
        onBack={onBack}
        busy={busy}
        slow={slow}
        waiting={waiting}
        label={messages.save}
        busyLabel={messages.saving}
      />
    </form>
  );
}
