import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useUser } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { companyMachine } from '../../machines/company.machine';
import { LanguagePicker } from '../layout/language-picker';
import { useErrorText } from '../shared/error-line';
import { PageHeading } from '../shared/page-heading';
import { DataProcessingNotice } from '../shared/legal-notices';
import { PageLoading } from '../shared/page-loading';
import { CancellationCard } from './cancellation-card';
import { CompanyDetails } from './company-details';
import { CompanyEditForm } from './company-edit-form';
import { companyMessages } from './company-messages';
import { NotificationsCard } from './notifications-card';
import { SecurityCard } from './security-card';
import './company.css';

const messages = defineMessages({
  loadFailed: { id: 'company.loadFailed', defaultMessage: 'Your company data could not be loaded.' },
  refreshFailed: { id: 'company.refreshFailed', defaultMessage: 'The latest company data could not be loaded.' },
  retry: { id: 'company.retry', defaultMessage: 'Try again' },
  language: { id: 'company.language.heading', defaultMessage: 'Language' },
  dataProcessing: {
    id: 'company.dataProcessing.heading',
    defaultMessage: 'Data processing agreement',
    description: 'The side card with the data processing agreement (AVV, Art. 28 GDPR; decision 041)',
  },
  sideCards: { id: 'company.side.label', defaultMessage: 'Contract, notifications and language' },
});

/**
 * /company (SPEC §2 "Company page"): view or edit mode of the company data, the products,
 * and the side cards for cancellation, notifications, the data processing agreement (decision 041)
 * and language. The user (email, names,
 * products) is the session's; the company is this page's machine's.
 */
export default function CompanyPage() {
  const intl = useIntl();
  const textOf = useErrorText();
  const user = useUser();
  const actor = usePortalActor(companyMachine);
  const cancellation = useSelector(actor, (snapshot) => snapshot.children.cancellation);
  // Edit mode's form, the machine's child while the page is in edit mode.
  const form = useSelector(actor, (snapshot) => snapshot.children.form);
  const state = useSelector(actor, (snapshot) =>
    snapshot.matches('loading')
      ? 'loading'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('edit')
          ? 'edit'
          : 'view',
  );
  const company = useSelector(actor, (snapshot) => snapshot.context.company);
  const loadError = useSelector(actor, (snapshot) => snapshot.context.loadError);
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved);
  const refreshing = useSelector(actor, (snapshot) => snapshot.matches({ view: 'refreshing' }));
  const secondFactorOffered = useSelector(actor, (snapshot) => snapshot.context.secondFactorOffered);
  // Whether this page has shown the edit form: back in view mode, the focus returns to the data.
  // The widget's bookkeeping, not the company's: kept here (React's state adjusted while rendering).
  const [edited, setEdited] = useState(false);
  if (state === 'edit' && !edited) setEdited(true);

  const errorText = loadError ? textOf(loadError) : '';
  const retry = (
    <button
      type="button"
      className="link-button"
      onClick={() => actor.send({ type: state === 'failed' ? 'company.retry' : 'company.reload' })}
    >
      <FormattedMessage {...messages.retry} />
    </button>
  );

  return (
    <div className="company-page">
      <PageHeading message={companyMessages.title} />
      {state === 'loading' && <PageLoading />}
      {state === 'failed' && (
        <div className="notice notice-error" role="alert">
          <p>
            <FormattedMessage {...messages.loadFailed} /> {errorText}
          </p>
          {retry}
        </div>
      )}
      {company && (state === 'view' || state === 'edit') && (
        <div className="company-layout">
          <div className="company-main">
            {state === 'view' && loadError && !refreshing && (
              <div className="notice notice-error" role="alert">
                <p>
                  <FormattedMessage {...messages.refreshFailed} /> {errorText}
                </p>
                {retry}
              </div>
            )}
            {state === 'edit' ? (
              form && <CompanyEditForm form={form} onBack={() => actor.send({ type: 'company.back' })} />
            ) : (
              <CompanyDetails
                company={company}
                user={user}
                saved={saved}
                returning={edited}
                onEdit={() => actor.send({ type: 'company.edit' })}
              />
            )}
          </div>
          <aside className="company-side" aria-label={intl.formatMessage(messages.sideCards)}>
            {company.company_number && cancellation && <CancellationCard company={company} actor={cancellation} />}
            {/* The company's flag, else the user's (both SPEC §3), so without the company's the card
                waits for the user; unchecked when neither was sent. The card reads it once. */}
            {(company.notifications != null || user) && (
              <NotificationsCard enabled={company.notifications ?? user?.notifications ?? false} />
            )}
            {secondFactorOffered && <SecurityCard />}
            <section className="card company-card" aria-labelledby="company-dpa-heading">
              <h2 id="company-dpa-heading">
                <FormattedMessage {...messages.dataProcessing} />
              </h2>
              <DataProcessingNotice />
            </section>
            <section className="card company-card" aria-labelledby="company-language-heading">
              <h2 id="company-language-heading">
                <FormattedMessage {...messages.language} />
              </h2>
              <LanguagePicker />
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
