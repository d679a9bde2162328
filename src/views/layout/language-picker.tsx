import { useContext, useId, useLayoutEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { PrerenderedLanguageContext } from '../../lib/prerendered-forms';
import { useLanguage, useSessionActor } from '../../lib/session';
import { isLanguage } from '../../i18n/language';

/** Switches at once, remembered for the session; the session machine tells the server. */
export function LanguagePicker() {
  const session = useSessionActor();
  const language = useLanguage();
  const id = useId();
  const prerendered = useContext(PrerenderedLanguageContext);
  // A pick in the prerendered page's picker is a pick like any other (docs/decisions/016). In the
  // commit that replaces that picker, before the page is painted, so that the visitor never sees
  // it go back; the app already started in a language picked before it ran.
  useLayoutEffect(() => {
    const picked = prerendered?.takeOver();
    if (picked) session.send({ type: 'language.change', language: picked });
  }, [prerendered, session]);
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
          {/* eslint-disable-next-line portal/words-in-jsx -- each language is named in itself */}
          Deutsch
        </option>
        <option value="en" lang="en">
          {/* eslint-disable-next-line portal/words-in-jsx -- each language is named in itself */}
          English
        </option>
      </select>
    </span>
  );
}
