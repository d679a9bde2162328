import { useEffect, useRef } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';

const messages = defineMessages({
  codesTitle: { id: 'security.codes.title', defaultMessage: 'Your recovery codes' },
  codesText: {
    id: 'security.codes.text',
    defaultMessage:
      'Each code signs you in once when your app or passkey is not at hand. Keep them somewhere safe, such as a password manager or a printout: they are shown only now.',
  },
  download: { id: 'security.codes.download', defaultMessage: 'Download as a text file' },
  print: { id: 'security.codes.print', defaultMessage: 'Print' },
  saved: { id: 'security.codes.saved', defaultMessage: 'I have kept them safe' },
});

/** Saves the recovery codes as a text file: its address lives only for the click. */
function download(lines: readonly string[]) {
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Recovery codes shown once (issue 44): after the account's first factor, or renewed on the
 * security page; to download as a text file or print. They take the focus when they appear.
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="card security-codes" aria-labelledby="security-codes-title">
      <h2 id="security-codes-title" ref={heading} tabIndex={-1}>
        <FormattedMessage {...messages.codesTitle} />
      </h2>
      <p>
        <FormattedMessage {...messages.codesText} />
      </p>
      <ol className="security-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="security-actions">
        <button type="button" className="button-secondary" onClick={() => download(codes)}>
          <FormattedMessage {...messages.download} />
        </button>
        <button type="button" className="button-secondary" onClick={() => window.print()}>
          <FormattedMessage {...messages.print} />
        </button>
        <button type="button" onClick={onDone}>
          <FormattedMessage {...messages.saved} />
        </button>
      </p>
    </section>
  );
}
