import { useSelector } from '@xstate/react';
import { memo, useRef, type FormEvent } from 'react';
import { FormattedMessage, defineMessage, defineMessages, useIntl } from 'react-intl';
import { config } from '../../config';
import { business } from '../../domain/constants';
import type { PurchaseOption } from '../../domain/datastore';
import { formatEur, volumeInGb, volumePriceEur } from '../../domain/prices';
import type { PurchaseActor } from '../../machines/purchase.machine';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { RequiredNote, SubmitButton } from '../shared/form-fields';
import { PlusVat } from '../shared/business-notices';
import { DataProcessingNotice, externalLink, ReverseChargeNote } from '../shared/legal-notices';
import { IdentifierField } from './identifier-field';

const messages = defineMessages({
  buyDynamic: { id: 'dashboard.purchase.buyDynamic', defaultMessage: 'Buy dynamic backup storage' },
  buyStatic: { id: 'dashboard.purchase.buyStatic', defaultMessage: 'Buy fixed volume' },
  busy: { id: 'dashboard.purchase.busy', defaultMessage: 'Purchase in progress…' },
});

const volumeText = defineMessage<{ volume: number; gb: string }>({
  id: 'dashboard.purchase.volumeText',
  defaultMessage: '{volume}\u00a0TB ({gb}\u00a0GB)',
});

/**
 * SPEC §2 "Purchase card": the dynamic option with its price per GB, the static option with a
 * slider (1 to 20 TB, step 1) showing the size in GB and the monthly price, an identifier and a
 * buy button for each, links to the service description and the legal notes, one error line.
 * Under the buttons, the billing, the notice period and the terms, and the data processing agreement
 * (decision 041).
 *
 * Memoised: the dashboard renders again at each key typed into its search (issue 33); the card
 * need not.
 */
export const PurchaseCard = memo(function PurchaseCard({
  actor,
  reverseCharge = false,
}: {
  actor: PurchaseActor;
  reverseCharge?: boolean;
}) {
  const intl = useIntl();
  const identifiers = useSelector(actor, (snapshot) => snapshot.context.identifiers);
  const volume = useSelector(actor, (snapshot) => snapshot.context.volume);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  // SPEC §4 "Purchase button: ready or busy": both buttons, one purchase at a time.
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  // The option being bought says that it is still working; the other only waits.
  const slowOption = useSelector(actor, (snapshot) => (snapshot.hasTag('slow') ? snapshot.context.option : null));
  const error = useErrorLine(actor);
  const inputs = { dynamic: useRef<HTMLInputElement>(null), static: useRef<HTMLInputElement>(null) };

  const buy = (option: PurchaseOption) => (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'purchase.buy', option });
    if (actor.getSnapshot().context.fieldErrors[option]) inputs[option].current?.focus();
  };
  const change = (option: PurchaseOption) => (value: string) =>
    actor.send({ type: 'identifier.change', option, value });
  const gb = intl.formatNumber(volumeInGb(volume));

  return (
    <section className="card purchase-card" aria-labelledby="purchase-title">
      <h2 id="purchase-title">
        <FormattedMessage id="dashboard.purchase.title" defaultMessage="Buy backup storage" />
      </h2>
      <RequiredNote />
      <div className="purchase-options">
        <form
          method="dialog"
          className="purchase-option"
          aria-labelledby="purchase-dynamic"
          onSubmit={buy('dynamic')}
          noValidate
        >
          <h3 id="purchase-dynamic">
            <FormattedMessage id="dashboard.purchase.dynamicTitle" defaultMessage="Dynamic rate" />
          </h3>
          <p className="price">
            <FormattedMessage
              id="dashboard.purchase.dynamicPrice"
              defaultMessage="{price} per GB per month"
              values={{ price: <strong>{formatEur(business.dynamicPricePerGbEur)}</strong> }}
            />
            <PlusVat />
          </p>
          <p className="field-hint">
            <FormattedMessage
              id="dashboard.purchase.dynamicText"
              defaultMessage="You pay for the space you use, without a size limit."
            />
          </p>
          <IdentifierField
            ref={inputs.dynamic}
            value={identifiers.dynamic}
            error={fieldErrors.dynamic}
            onChange={change('dynamic')}
          />
          <SubmitButton
            busy={busy}
            slow={slowOption === 'dynamic'}
            label={messages.buyDynamic}
            busyLabel={messages.busy}
          />
        </form>

        <form
          method="dialog"
          className="purchase-option"
          aria-labelledby="purchase-static"
          onSubmit={buy('static')}
          noValidate
        >
          <h3 id="purchase-static">
            <FormattedMessage id="dashboard.purchase.staticTitle" defaultMessage="Fixed volume" />
          </h3>
          <div className="field">
            <label htmlFor="purchase-volume">
              <FormattedMessage id="dashboard.purchase.volume" defaultMessage="Volume" />
            </label>
            <input
              id="purchase-volume"
              type="range"
              min={1}
              max={business.maxVolumeTb}
              step={1}
              value={volume}
              aria-valuetext={intl.formatMessage(volumeText, { volume, gb })}
              aria-describedby="purchase-volume-value"
              onChange={(event) => actor.send({ type: 'volume.change', volume: Number(event.target.value) })}
            />
            <output id="purchase-volume-value" htmlFor="purchase-volume" className="volume-value">
              {intl.formatMessage(volumeText, { volume, gb })}
            </output>
          </div>
          <p className="price">
            <FormattedMessage
              id="dashboard.purchase.staticPrice"
              defaultMessage="{price} per month"
              values={{ price: <strong>{formatEur(volumePriceEur(volume))}</strong> }}
            />
            <PlusVat />
          </p>
          <IdentifierField
            ref={inputs.static}
            value={identifiers.static}
            error={fieldErrors.static}
            onChange={change('static')}
          />
          <SubmitButton
            busy={busy}
            slow={slowOption === 'static'}
            label={messages.buyStatic}
            busyLabel={messages.busy}
          />
        </form>
      </div>
      {/* The contract's terms where it is made (decision 041): SPEC §9's billing and notice period, the AGB. */}
      <p className="purchase-terms">
        <FormattedMessage
          id="dashboard.purchase.terms"
          defaultMessage="Billed monthly; notice period four weeks to the billing date. Our <terms>terms and conditions</terms> apply."
          description="Under the purchase buttons: each purchase is a paid contract (SPEC §9); terms links to the AGB"
          values={{ terms: externalLink(config.termsUrl) }}
        />
      </p>
      {reverseCharge && <ReverseChargeNote />}
      <DataProcessingNotice />
      <p className="purchase-links">
        <a href={config.serviceDescriptionUrl} target="_blank" rel="noopener noreferrer">
          <FormattedMessage id="dashboard.purchase.serviceDescription" defaultMessage="Service description" />
        </a>
        <a href={config.legalNotesUrl} target="_blank" rel="noopener noreferrer">
          <FormattedMessage id="dashboard.purchase.legalNotes" defaultMessage="Legal notes" />
        </a>
      </p>
      <ErrorLine error={error} />
    </section>
  );
});
