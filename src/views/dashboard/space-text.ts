import { defineMessage, type IntlShape } from 'react-intl';
import { splitSpace } from '../../domain/space';

const unlimited = defineMessage({
  id: 'dashboard.space.unlimited',
  defaultMessage: 'unlimited',
  description: 'The total of a datastore on the dynamic rate, which has no size',
});

/**
 * A space text of the status list (SPEC §3 `space_used_text`, `space_total_text`) as the reader's
 * language writes it: `4.25 TB` becomes "4,25 TB" in German, with a non-breaking space before the
 * unit (docs/glossary.md), and the dynamic rate's `unlimited` (docs/decisions/002) is translated. A
 * text the portal does not know is shown as it comes.
 */
export function spaceText(text: string, intl: IntlShape): string {
  const parts = splitSpace(text);
  if (parts !== null) {
    const amount = intl.formatNumber(parts.amount, {
      minimumFractionDigits: parts.decimals,
      maximumFractionDigits: parts.decimals,
    });
    return `${amount}\u00a0${parts.unit}`;
  }
  return text.trim().toLowerCase() === 'unlimited' ? intl.formatMessage(unlimited) : text;
}
