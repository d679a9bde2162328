import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import type { Company } from '../../api/structs';
import { useSessionActor } from '../../app/session';
import { contractCancellationMachine } from '../../machines/contract-cancellation.machine';
import { ErrorLine } from '../shared/error-line';
import { useDayFormat } from './product-list';
import { inspect } from '../shared/inspector';

const messages = defineMessages({
  heading: { id: 'company.cancel.heading', defaultMessage: 'Cancel the contract' },
  intro: { id: 'company.cancel.intro', defaultMessage: 'You can cancel your whole contract with all its datastores here.' },
  button: { id: 'company.cancel.button', defaultMessage: 'Cancel the contract…' },
  noProducts: { id: 'company.cancel.noProducts', defaultMessage: 'You have no running products, so there is nothing to cancel.' },
  question: { id: 'company.cancel.question', defaultMessage: 'Do you really want to cancel your contract?' },
  billing: {
    id: 'company.cancel.billing',
    defaultMessage: 'The cancellation takes four weeks to the billing date: the contract ends at the end of the first month that is at least four weeks away.',
  },
  readOnly: { id: 'company.cancel.readOnly', defaultMessage: 'After the end, your datastores are read-only.' },
  deleted: { id: 'company.cancel.deleted', defaultMessage: 'Your login is deleted 30 days after the end.' },
  confirm: { id: 'company.cancel.confirm', defaultMessage: 'Yes, cancel the contract' },
  keep: { id: 'company.cancel.keep', defaultMessage: 'No, keep the contract' },
  cancelling: { id: 'company.cancel.cancelling', defaultMessage: 'Cancelling…' },
  cancelled: { id: 'company.cancel.cancelled', defaultMessage: 'Your contract has been cancelled.' },
  confirming: { id: 'company.cancel.checking', defaultMessage: 'Cancellation sent. Loading its end date…' },
  unconfirmed: {
    id: 'company.cancel.unconfirmed',
    defaultMessage: 'The server took the cancellation but shows no end date for your contract yet. Check again in a moment; if no end date appears, please contact us.',
  },
  checkAgain: { id: 'company.cancel.checkAgain', defaultMessage: 'Check again' },
});

/**
 * SPEC §2 side card: only when a company number exists; the button is disabled without
 * products (has_product_count 0); SPEC §5 asks for confirmation first, stating the
 * consequences of SPEC §4 and §9.
 */
export function CancellationCard({ company, refreshing, onCancelled, onCheck }: {
  company: Company;
  /** The company is being reloaded (after the cancellation, or by hand). */
  refreshing: boolean;
  onCancelled: () => void;
  onCheck: () => void;
}) {
  const session = useSessionActor();
  const done = useRef(onCancelled);
  done.current = onCancelled;
  const [machine] = useState(() => contractCancellationMachine.provide({
    actions: {
      cancelled: () => done.current(),
      sessionExpired: () => session.send({ type: 'session.expired' }),
    },
  }));
  const actor = useActorRef(machine, { inspect: inspect() });
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const cancelled = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const errorLine = useSelector(actor, (snapshot) => snapshot.children.errorLine);
  const error = useSelector(errorLine, (snapshot) => snapshot?.context.error ?? null);
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

  const endDate = company.contract_end_date ?? null;
  const noProducts = company.has_product_count === 0;
  // A 2xx without effect (a proxy's maintenance page, decision 013) must not read as success:
  // the cancellation counts once the reloaded company carries its end date.
  const unconfirmed = cancelled && !endDate;
  return (
    <section className="card company-card" aria-labelledby="company-cancel-heading">
      <h2 id="company-cancel-heading"><FormattedMessage {...messages.heading} /></h2>
      {cancelled && endDate && <p className="notice notice-ok" role="status"><FormattedMessage {...messages.cancelled} /></p>}
      {unconfirmed && refreshing && <p className="notice" role="status"><FormattedMessage {...messages.confirming} /></p>}
      {unconfirmed && !refreshing && (
        <div className="notice notice-warn" role="alert">
          <p><FormattedMessage {...messages.unconfirmed} /></p>
          <button type="button" className="link-button" onClick={onCheck}><FormattedMessage {...messages.checkAgain} /></button>
        </div>
      )}
      {endDate ? (
        <p className="notice notice-warn"><FormattedMessage id="company.cancel.endsOn" defaultMessage="Your contract is cancelled and ends on {date}." values={{ date: formatDay(endDate) }} /></p>
      ) : !cancelled && (
        <>
          <p><FormattedMessage {...messages.intro} /></p>
          {noProducts && <p className="field-hint" id="company-cancel-none"><FormattedMessage {...messages.noProducts} /></p>}
          {asking ? (
            <div className="company-confirm">
              <p ref={questionRef} tabIndex={-1} className="company-confirm-question">
                <FormattedMessage {...messages.question} />
              </p>
              <ul>
                <li><FormattedMessage {...messages.billing} /></li>
                <li><FormattedMessage {...messages.readOnly} /></li>
                <li><FormattedMessage {...messages.deleted} /></li>
              </ul>
              <div className="company-form-actions">
                <button type="button" className="button-secondary" disabled={busy} onClick={() => actor.send({ type: 'cancel.abort' })}>
                  <FormattedMessage {...messages.keep} />
                </button>
                <button type="button" className="button-primary company-danger" disabled={busy} aria-busy={busy}
                  onClick={() => actor.send({ type: 'cancel.confirm' })}>
                  {busy && <span className="spinner" aria-hidden="true" />}
                  <FormattedMessage {...(busy ? messages.cancelling : messages.confirm)} />
                </button>
              </div>
            </div>
          ) : (
            <button ref={buttonRef} type="button" className="button-secondary" disabled={noProducts}
              aria-describedby={noProducts ? 'company-cancel-none' : undefined}
              onClick={() => actor.send({ type: 'cancel.request' })}>
              <FormattedMessage {...messages.button} />
            </button>
          )}
        </>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
