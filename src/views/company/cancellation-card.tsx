import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import type { Company } from '../../domain/entities';
import { useUser } from '../../lib/session';
import { contractEndDate } from '../../domain/contract';
import type { ContractCancellationActor } from '../../machines/contract-cancellation.machine';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { StillWorking } from '../shared/still-working';
import { useDayFormat } from '../shared/use-day-format';

const messages = defineMessages({
  heading: { id: 'company.cancel.heading', defaultMessage: 'Cancel the contract' },
  intro: {
    id: 'company.cancel.intro',
    defaultMessage: 'You can cancel your whole contract with all its datastores here.',
  },
  button: { id: 'company.cancel.button', defaultMessage: 'Cancel the contract…' },
  noProducts: {
    id: 'company.cancel.noProducts',
    defaultMessage: 'You have no running datastores, so there is nothing to cancel.',
  },
  question: { id: 'company.cancel.question', defaultMessage: 'Do you really want to cancel your contract?' },
  // SPEC §9 "Billing is monthly. Cancellation is four weeks to the billing date", and no more:
  // the portal does not know the billing date, so it names none (decision 029).
  billing: {
    id: 'company.cancel.billing',
    description: 'SPEC §9: the notice period; the billing date itself is not known to the portal.',
    defaultMessage:
      'Billing is monthly, and the notice period is four weeks to the billing date: your contract ends on the first billing date that is at least four weeks away.',
  },
  // SPEC §4 "Cancelled contract: datastores become read-only".
  readOnly: { id: 'company.cancel.readOnly', defaultMessage: 'Once cancelled, your datastores are read-only.' },
  // SPEC §9 "Login is deleted 30 days after cancellation".
  deleted: {
    id: 'company.cancel.deleted',
    defaultMessage: 'Your account is deleted 30 days after the cancellation, with all datastores and backups.',
  },
  confirm: { id: 'company.cancel.confirm', defaultMessage: 'Yes, cancel the contract' },
  keep: { id: 'company.cancel.keep', defaultMessage: 'No, keep the contract' },
  cancelling: { id: 'company.cancel.cancelling', defaultMessage: 'Cancelling…' },
  cancelled: { id: 'company.cancel.cancelled', defaultMessage: 'Your contract has been cancelled.' },
  // SPEC §4 "Cancelled contract" and §9 "Login is deleted 30 days after cancellation".
  consequences: {
    id: 'company.cancel.consequences',
    defaultMessage:
      'From the cancellation on, your datastores are read-only; billing continues until the contract ends. Your account is deleted 30 days after the cancellation, with all datastores and backups: restore what you want to keep before then.',
  },
});

/**
 * SPEC §2 side card: only when a company number exists; the button is disabled without
 * products (has_product_count 0); SPEC §5 asks for confirmation first, stating the
 * consequences of SPEC §4 and §9. A 2xx cancels (decision 013, point 6); the end date comes
 * from the user's products (SPEC §3), never from the company, whose spec has none.
 * It renders the company machine's child `cancellation`.
 */
export function CancellationCard({ company, actor }: { company: Company; actor: ContractCancellationActor }) {
  const user = useUser();
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const busy = useSelector(actor, (snapshot) => snapshot.matches('cancelling'));
  const slow = useSelector(actor, (snapshot) => snapshot.hasTag('slow'));
  const cancelled = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const cancelledEnd = useSelector(actor, (snapshot) => snapshot.context.endDate);
  const error = useErrorLine(actor);
  const formatDay = useDayFormat();
  const questionRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const asking = confirming || busy;
  const wasAsking = useRef(false);

  // The question takes the focus so that the consequences are read; when it closes (kept, or
  // failed), the focus returns to the button that opened it.
  useEffect(() => {
    if (asking && !wasAsking.current) questionRef.current?.focus();
    if (!asking && wasAsking.current) buttonRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const noProducts = company.has_product_count === 0;
  // Opened later: when every product already ends (cancelled earlier, here or one by one), there
  // is nothing left to cancel. An open question is not taken away from under the customer.
  const endedBefore = !cancelled && !asking ? contractEndDate(user?.products) : null;
  return (
    <section className="card company-card" aria-labelledby="company-cancel-heading">
      <h2 id="company-cancel-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      {cancelled ? (
        <div className="notice notice-ok" role="status">
          <p>
            {cancelledEnd ? (
              <FormattedMessage
                id="company.cancel.cancelledEnds"
                defaultMessage="Your contract has been cancelled. It ends on {date}."
                values={{ date: formatDay(cancelledEnd) }}
              />
            ) : (
              <FormattedMessage {...messages.cancelled} />
            )}
          </p>
          <p>
            <FormattedMessage {...messages.consequences} />
          </p>
        </div>
      ) : endedBefore ? (
        <p className="notice notice-warn">
          <FormattedMessage
            id="company.cancel.allCancelled"
            defaultMessage="All your datastores are already cancelled; the last one ends on {date}. There is nothing left to cancel."
            values={{ date: formatDay(endedBefore) }}
          />
        </p>
      ) : (
        <>
          <p>
            <FormattedMessage {...messages.intro} />
          </p>
          {noProducts && (
            <p className="field-hint" id="company-cancel-none">
              <FormattedMessage {...messages.noProducts} />
            </p>
          )}
          {asking ? (
            <div className="company-confirm">
              <p ref={questionRef} tabIndex={-1} className="company-confirm-question">
                <FormattedMessage {...messages.question} />
              </p>
              <ul>
                <li>
                  <FormattedMessage {...messages.billing} />
                </li>
                <li>
                  <FormattedMessage {...messages.readOnly} />
                </li>
                <li>
                  <FormattedMessage {...messages.deleted} />
                </li>
              </ul>
              <div className="company-form-actions">
                <button
                  type="button"
                  className="button-secondary"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'cancel.abort' })}
                >
                  <FormattedMessage {...messages.keep} />
                </button>
                <button
                  type="button"
                  className="button-primary company-danger"
                  disabled={busy}
                  aria-busy={busy}
                  onClick={() => actor.send({ type: 'cancel.confirm' })}
                >
                  {busy && <span className="spinner" aria-hidden="true" />}
                  <FormattedMessage {...(busy ? messages.cancelling : messages.confirm)} />
                </button>
              </div>
              <StillWorking slow={slow} />
            </div>
          ) : (
            <button
              ref={buttonRef}
              type="button"
              className="button-secondary"
              disabled={noProducts}
              aria-describedby={noProducts ? 'company-cancel-none' : undefined}
              onClick={() => actor.send({ type: 'cancel.request' })}
            >
              <FormattedMessage {...messages.button} />
            </button>
          )}
        </>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
