import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLanguage, useSessionActor } from '../../app/session';
import { isLanguage } from '../../i18n/language';

/** Switches at once, remembered for the session; the session machine tells the server. */
export function LanguagePicker() {
  const session = useSessionActor();
  const language = useLanguage();
  const id = useId();
  return (
    <span className="language-picker">
      <label htmlFor={id}>
        <FormattedMessage id="language.label" defaultMessage="Language" />
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguage(value)) session.send({ type: 'language.change', language: value });
        }}
      >
        <option value="de" lang="de">
          Deutsch
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
    </span>
  );
}
