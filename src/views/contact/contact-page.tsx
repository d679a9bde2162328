import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { config } from '../../config';
import { contactMachine } from '../../machines/contact.machine';
import { ErrorLine } from '../shared/error-line';
import { RequiredNote, SubmitButton, TextAreaField, TextField } from '../shared/form-fields';
import { PageHeading } from '../shared/page-heading';
import { useForm } from '../shared/use-form';
import { ContactPrivacyNotice } from '../shared/legal-notices';
import './contact.css';

const messages = defineMessages({
  title: { id: 'contact.title', defaultMessage: 'Contact support' },
  name: { id: 'contact.name', defaultMessage: 'Your name' },
  email: { id: 'contact.email', defaultMessage: 'Email address for our answer' },
  message: { id: 'contact.message', defaultMessage: 'Your message' },
  send: { id: 'contact.send', defaultMessage: 'Send message' },
  sending: { id: 'contact.sending', defaultMessage: 'Sending…' },
});

/**
 * SPEC §2 Contact: name, email, message and the hidden anti-spam field, a send button and the
 * error line. Name and email are prefilled from the logged-in customer; after "Your message has
 * been sent." a fresh form can be started (docs/decisions/011).
 */
export default function ContactPage() {
  const [round, setRound] = useState(0);
  return (
    <div className="contact-page">
      <PageHeading message={messages.title} />
      <p className="contact-intro">
        <FormattedMessage
          id="contact.intro"
          defaultMessage="Questions about your datastores, your contract or a licence? Write to us here; we answer by email. You can also write to {email}."
          values={{ email: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> }}
        />
      </p>
      <ContactForm key={round} onAnother={() => setRound((count) => count + 1)} />
    </div>
  );
}

function ContactForm({ onAnother }: { onAnother: () => void }) {
  // Name and email come from the session's user, also when GET /me answers after the form opened.
  const form = useForm(contactMachine);
  const { values, fieldErrors, busy, slow, done, error, change } = form;
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) sentRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <div ref={sentRef} className="card contact-sent" tabIndex={-1}>
        <p className="notice notice-ok" role="status">
          <FormattedMessage
            id="contact.sent"
            defaultMessage="Your message has been sent."
            description="SPEC §8 Contact sent"
          />
        </p>
        <button type="button" className="button-secondary" onClick={onAnother}>
          <FormattedMessage id="contact.another" defaultMessage="Write another message" />
        </button>
      </div>
    );
  }

  return (
    <form
      method="dialog"
      ref={form.formRef}
      className="card contact-form"
      noValidate
      onSubmit={form.submit}
      aria-busy={busy}
    >
      <RequiredNote />
      <TextField
        name="name"
        label={messages.name}
        required
        autoComplete="name"
        value={values.name}
        error={fieldErrors.name}
        onChange={(value) => change('name', value)}
      />
      <TextField
        name="email"
        type="email"
        label={messages.email}
        required
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={fieldErrors.email}
        onChange={(value) => change('email', value)}
      />
      <TextAreaField
        name="message"
        label={messages.message}
        required
        rows={8}
        maxLength={5000}
        value={values.message}
        error={fieldErrors.message}
        onChange={(value) => change('message', value)}
      />
      {/* SPEC §5 anti-spam field: out of sight, out of the tab order and hidden from screen
          readers, so only bots that fill every input find it. */}
      <div className="contact-trap" aria-hidden="true">
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => change('website', event.target.value)}
        />
      </div>
      <ContactPrivacyNotice />
      <ErrorLine error={error} />
      <SubmitButton busy={busy} slow={slow} waiting={form.waiting} label={messages.send} busyLabel={messages.sending} />
    </form>
  );
}
