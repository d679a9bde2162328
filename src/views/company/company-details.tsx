import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { Company, User } from '../../domain/entities';
import { hasCompanyData, hasPendingChanges } from '../../domain/company-form';
import { compactIban, formatIban, maskIban } from '../../domain/iban';
import { companyMessages, isKnownPaymentType, paymentTypeMessages } from './company-messages';
import { countryNames, isKnownCountry } from '../shared/countries';
import { ProductList } from './product-list';
import { UnknownValue } from '../shared/unknown-value';

const messages = defineMessages({
  heading: { id: 'company.view.heading', defaultMessage: 'Company data' },
  edit: { id: 'company.view.edit', defaultMessage: 'Edit' },
  editFirst: { id: 'company.view.editFirst', defaultMessage: 'Enter company data' },
  noCompany: { id: 'company.view.noCompany', defaultMessage: 'You have not entered your company data yet.' },
  saved: { id: 'company.view.saved', defaultMessage: 'Your changes have been saved.' },
  pendingHeading: { id: 'company.pending.heading', defaultMessage: 'Changes awaiting confirmation' },
  pendingBadge: { id: 'company.pending.badge', defaultMessage: 'Pending' },
  showIban: { id: 'company.view.showIban', defaultMessage: 'Show IBAN' },
  hideIban: { id: 'company.view.hideIban', defaultMessage: 'Hide IBAN' },
  loadingUser: { id: 'company.view.loadingUser', defaultMessage: 'Loading your account…' },
});

function Row({ label, children }: { label: MessageDescriptor; children: ReactNode }) {
  return (
    <div className="company-row">
      <dt>
        <FormattedMessage {...label} />
      </dt>
      {/* The company's and the customer's data: hidden in a bug report's screenshot (decision 044). */}
      <dd data-pii="">{children}</dd>
    </div>
  );
}

/** A value as given; "none" when the server sent it empty, a dash when it did not send it at all. */
function Optional({ value }: { value: string | null | undefined }) {
  if (value === undefined) return <UnknownValue />;
  return value ? (
    <>{value}</>
  ) : (
    <span className="company-none">
      <FormattedMessage {...companyMessages.none} />
    </span>
  );
}

/** Postcode and city on one line; not known only when neither was sent. */
function joined(first: string | null | undefined, second: string | null | undefined): string | null | undefined {
  if (first === undefined && second === undefined) return undefined;
  return [first, second].filter(Boolean).join(' ') || null;
}

function CountryName({ code }: { code: string | null | undefined }) {
  if (!isKnownCountry(code)) return <Optional value={code} />;
  return <FormattedMessage {...countryNames[code]} />;
}

function MaskedIban({ iban }: { iban: string }) {
  const [shown, setShown] = useState(false);
  const compact = compactIban(iban);
  return (
    <span className="company-iban">
      {shown ? (
        <span className="company-iban-value" data-private="">
          {formatIban(compact)}
        </span>
      ) : (
        <>
          <span className="company-iban-value" aria-hidden="true">
            {maskIban(compact)}
          </span>
          <span className="visually-hidden">
            <FormattedMessage
              id="company.view.ibanHidden"
              defaultMessage="hidden, ends in {last}"
              values={{ last: compact.slice(-4) }}
            />
          </span>
        </>
      )}
      <button type="button" className="link-button" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
        <FormattedMessage {...(shown ? messages.hideIban : messages.showIban)} />
      </button>
    </span>
  );
}

/** SPEC §3: an edit waits in pending_* until the provider confirms it, up to three business days. */
function PendingChanges({ company }: { company: Company }) {
  return (
    <section className="notice notice-info company-pending" aria-labelledby="company-pending-heading">
      <h3 id="company-pending-heading">
        <FormattedMessage {...messages.pendingHeading} />{' '}
        <span className="company-badge">
          <FormattedMessage {...messages.pendingBadge} />
        </span>
      </h3>
      <p>
        <FormattedMessage {...companyMessages.addressDelay} />
      </p>
      <dl className="company-list">
        <Row label={companyMessages.name}>
          <Optional value={company.pending_name} />
        </Row>
        <Row label={companyMessages.street}>
          <Optional value={company.pending_street} />
        </Row>
        <Row label={companyMessages.postcodeCity}>
          <Optional value={joined(company.pending_postcode, company.pending_city)} />
        </Row>
        <Row label={companyMessages.country}>
          <CountryName code={company.pending_country} />
        </Row>
        <Row label={companyMessages.ustid}>
          <Optional value={company.pending_ustid} />
        </Row>
      </dl>
    </section>
  );
}

/** SPEC §2 "View mode": email, the company when it has a name, pending changes, products, edit. */
export function CompanyDetails({
  company,
  user,
  saved,
  returning,
  onEdit,
}: {
  company: Company;
  user: User | null;
  saved: boolean;
  /** True when the customer comes back from edit mode: the focus returns to the data. */
  returning: boolean;
  onEdit: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (returning) headingRef.current?.focus();
  }, [returning]);

  const direct = company.payment_type === 'direct_debit';
  const shown = hasCompanyData(company);
  const pending = hasPendingChanges(company);
  return (
    <div className="company-details">
      <section className="card" aria-labelledby="company-view-heading">
        <h2 id="company-view-heading" ref={headingRef} tabIndex={-1}>
          <FormattedMessage {...messages.heading} />
        </h2>
        {saved && (
          <p className="notice notice-ok" role="status">
            <FormattedMessage {...messages.saved} />
          </p>
        )}
        <dl className="company-list">
          <Row label={companyMessages.email}>{user ? user.email : <FormattedMessage {...messages.loadingUser} />}</Row>
          {shown && (
            <>
              <Row label={companyMessages.name}>
                <Optional value={company.name} />
              </Row>
              <Row label={companyMessages.customerNumber}>
                <Optional value={company.company_number} />
              </Row>
              <Row label={companyMessages.street}>
                <Optional value={company.street} />
              </Row>
              <Row label={companyMessages.postcodeCity}>
                <Optional value={joined(company.postcode, company.city)} />
              </Row>
              <Row label={companyMessages.country}>
                <CountryName code={company.country} />
              </Row>
              <Row label={companyMessages.ustid}>
                <Optional value={company.ustid} />
              </Row>
              <Row label={companyMessages.phone}>
                <Optional value={company.phone} />
              </Row>
              <Row label={companyMessages.paymentType}>
                {isKnownPaymentType(company.payment_type) ? (
                  <FormattedMessage {...paymentTypeMessages[company.payment_type]} />
                ) : (
                  <Optional value={company.payment_type} />
                )}
              </Row>
              {direct && company.iban && (
                <Row label={companyMessages.iban}>
                  <MaskedIban iban={company.iban} />
                </Row>
              )}
            </>
          )}
        </dl>
        {!shown && !pending && (
          <p>
            <FormattedMessage {...messages.noCompany} />
          </p>
        )}
        {pending && <PendingChanges company={company} />}
        <button type="button" className="button-primary" onClick={onEdit} disabled={!user}>
          <FormattedMessage {...(shown || pending ? messages.edit : messages.editFirst)} />
        </button>
      </section>
      <ProductList loading={user === null} products={user?.products} />
    </div>
  );
}
