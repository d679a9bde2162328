import type { FormEvent } from 'react';
import { defineMessages, FormattedMessage, type MessageDescriptor } from 'react-intl';
import { Link } from 'wouter';
import { useLanguage } from '../../lib/session';
import { initialRegistration, registrationMachine } from '../../machines/registration.machine';
import { paths } from '../../domain/routes';
import { countryOptions } from '../shared/countries';
import { ErrorLine } from '../shared/error-line';
import { BusinessOnly } from '../shared/business-notices';
import { DataProcessingNotice, TermsCheckbox } from '../shared/legal-notices';
import { CheckboxField, RequiredNote, SelectField, SubmitButton, TextField } from '../shared/form-fields';
import { PageHeading } from '../shared/page-heading';
import { carriedChange, PortalForm, usePrerenderedValues, useTakeOver } from '../shared/portal-form';
import { NewPasswordField } from '../shared/password-checklist';
import { useForm } from '../shared/use-form';

const messages = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create a company account' },
  loginSection: { id: 'register.section.login', defaultMessage: 'Your login' },
  personSection: { id: 'register.section.person', defaultMessage: 'Contact person' },
  companySection: { id: 'register.section.company', defaultMessage: 'Company and address' },
  email: { id: 'register.email', defaultMessage: 'Email address' },
  password: { id: 'register.password', defaultMessage: 'Password' },
  firstname: { id: 'register.firstname', defaultMessage: 'First name' },
  lastname: { id: 'register.lastname', defaultMessage: 'Last name' },
  phone: { id: 'register.phone', defaultMessage: 'Phone' },
  companyName: { id: 'register.companyName', defaultMessage: 'Company name' },
  street: { id: 'register.street', defaultMessage: 'Street and number' },
  postcode: { id: 'register.postcode', defaultMessage: 'Postcode' },
  city: { id: 'register.city', defaultMessage: 'City' },
  country: { id: 'register.country', defaultMessage: 'Country' },
  ustid: { id: 'register.ustid', defaultMessage: 'VAT ID' },
  ustidHint: { id: 'register.ustidHint', defaultMessage: 'For example DE123456789.' },
  notifications: {
    id: 'register.notifications',
    defaultMessage: 'Send me notifications about my account and datastores by email',
  },
  submit: { id: 'register.submit', defaultMessage: 'Create account' },
  busy: { id: 'register.busy', defaultMessage: 'Creating account…' },
});

/** The fields typed as plain text. */
type TextName =
  | 'email'
  | 'firstname'
  | 'lastname'
  | 'phone'
  | 'pending_name'
  | 'pending_street'
  | 'pending_postcode'
  | 'pending_city';

/** SPEC §2 Registration: the company account; success (status done) leads to /waiting (SPEC §4). */
export default function RegisterPage() {
  const language = useLanguage();
  const carried = usePrerenderedValues('registration', initialRegistration);
  const form = useForm(registrationMachine, { values: carried });
  const { values, fieldErrors } = form;

  const submit = (event?: FormEvent) => {
    // The payload carries the page's language at the moment it is sent (SPEC §7).
    form.change('language', language);
    form.submit(event);
  };
  useTakeOver('registration', { formRef: form.formRef, change: carriedChange(form.actor), submit: () => submit() });
  const text = (
    name: TextName,
    label: MessageDescriptor,
    options: { required?: boolean; autoComplete?: string; type?: string } = {},
  ) => (
    <TextField
      name={name}
      label={label}
      required={options.required}
      autoComplete={options.autoComplete}
      type={options.type}
      value={values[name]}
      error={fieldErrors[name]}
      onChange={(value) => form.change(name, value)}
    />
  );

  return (
    <div className="account-page">
      <PageHeading message={messages.title} />
      <p className="lead">
        <FormattedMessage
          id="register.lead"
          defaultMessage="We check every registration by hand and activate your account within 2 to 3 business days. You will be notified by email."
        />
      </p>
      <BusinessOnly />
      <PortalForm name="registration" formRef={form.formRef} className="card register-form" onSubmit={submit}>
        <RequiredNote />
        <fieldset>
          <legend>
            <FormattedMessage {...messages.loginSection} />
          </legend>
          {text('email', messages.email, { required: true, autoComplete: 'email', type: 'email' })}
          <NewPasswordField
            label={messages.password}
            value={values.password}
            error={fieldErrors.password}
            onChange={(value) => form.change('password', value)}
          />
        </fieldset>
        <fieldset>
          <legend>
            <FormattedMessage {...messages.personSection} />
          </legend>
          <div className="field-row">
            {text('firstname', messages.firstname, { required: true, autoComplete: 'given-name' })}
            {text('lastname', messages.lastname, { required: true, autoComplete: 'family-name' })}
          </div>
          {text('phone', messages.phone, { autoComplete: 'tel', type: 'tel' })}
        </fieldset>
        <fieldset>
          <legend>
            <FormattedMessage {...messages.companySection} />
          </legend>
          {text('pending_name', messages.companyName, { autoComplete: 'organization' })}
          {text('pending_street', messages.street, { required: true, autoComplete: 'street-address' })}
          <div className="field-row">
            {text('pending_postcode', messages.postcode, { required: true, autoComplete: 'postal-code' })}
            {text('pending_city', messages.city, { required: true, autoComplete: 'address-level2' })}
          </div>
          <SelectField
            name="pending_country"
            label={messages.country}
            required
            options={countryOptions}
            value={values.pending_country}
            error={fieldErrors.pending_country}
            onChange={(value) => form.change('pending_country', value)}
          />
          <TextField
            name="pending_ustid"
            label={messages.ustid}
            hint={<FormattedMessage {...messages.ustidHint} />}
            value={values.pending_ustid}
            error={fieldErrors.pending_ustid}
            onChange={(value) => form.change('pending_ustid', value)}
          />
        </fieldset>
        <CheckboxField
          name="notifications"
          label={messages.notifications}
          checked={values.notifications}
          onChange={(checked) => form.change('notifications', checked)}
        />
        <TermsCheckbox
          checked={values.terms}
          error={fieldErrors.terms}
          onChange={(checked) => form.change('terms', checked)}
        />
        <DataProcessingNotice />
        <ErrorLine error={form.error} />
        <SubmitButton
          busy={form.busy || form.done}
          slow={form.slow}
          waiting={form.waiting}
          label={messages.submit}
          busyLabel={messages.busy}
        />
      </PortalForm>
      <p className="account-aside">
        <FormattedMessage id="register.haveAccount" defaultMessage="Already registered?" />{' '}
        <Link href={paths.login()}>
          <FormattedMessage id="register.login" defaultMessage="Log in" />
        </Link>
      </p>
    </div>
  );
}
