import { FormattedMessage } from 'react-intl';

/**
 * A value the server's answer did not give (tolerant reading, CONVENTIONS): a dash on screen,
 * words for a screen reader, which would read the dash as nothing or as "en dash".
 */
export function UnknownValue() {
  return (
    <span className="value-unknown">
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">
        <FormattedMessage
          id="shared.value.unknown"
          defaultMessage="unknown"
          description="A field the server's answer did not give; shown as a dash"
        />
      </span>
    </span>
  );
}
