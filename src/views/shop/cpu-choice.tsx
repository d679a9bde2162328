import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Licence } from '../../domain/entities';
import type { CpuChoice as Cpu } from '../../domain/constants';
import { cpuChoicesFor } from '../../domain/licence-features';
import { licenceTotal } from '../../domain/licence-order';
import { formatEur } from '../../domain/prices';
import { countMessages } from './shop-messages';

/** SPEC §2: VE offers a CPU count of 1, 2 or 4; each choice shows the catalogue's total for it. */
export function CpuChoice({
  licence,
  value,
  onChange,
  disabled,
}: {
  licence: Licence;
  value: Cpu;
  onChange: (value: Cpu) => void;
  disabled: boolean;
}) {
  const hintId = useId();
  return (
    <fieldset className="field cpu-choice" aria-describedby={hintId}>
      <legend>
        <FormattedMessage id="shop.order.cpuLegend" defaultMessage="Number of CPU sockets" />
      </legend>
      <div className="cpu-options">
        {cpuChoicesFor(licence.product_type).map((choice) => (
          <label key={choice} className="cpu-option">
            <input
              type="radio"
              name="cpu_count"
              value={choice}
              checked={value === choice}
              disabled={disabled}
              onChange={() => onChange(choice)}
            />
            <FormattedMessage {...countMessages.cpuCount} values={{ count: choice }} />
            {' · '}
            {formatEur(licenceTotal(licence, choice))}
          </label>
        ))}
      </div>
      <p id={hintId} className="field-hint">
        <FormattedMessage
          id="shop.order.cpuHint"
          defaultMessage="Proxmox VE is licensed per CPU socket: choose the number of sockets of the server."
        />
      </p>
    </fieldset>
  );
}
