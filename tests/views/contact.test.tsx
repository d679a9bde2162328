import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { createCustomer, type Customer } from '../support/customers';
import { renderAppAs } from '../support/render-app';

const texts = {
  en: {
    title: 'Contact support',
    name: /Your name/,
    email: /Email address for our answer/,
    message: /Your message/,
    send: 'Send message',
    sent: 'Your message has been sent.',
    another: 'Write another message',
    required: 'Please fill in this field.',
    general: 'An error has occurred!',
    antispam:
      'Your message was classified as spam and not sent (ANTISPAM). Please write to us at support@example.com instead.',
    privacy: 'We use what you send us only to answer your message. More in our privacy notice.',
    privacyLink: 'privacy notice',
  },
  de: {
    title: 'Support kontaktieren',
    name: /Ihr Name/,
    email: /E-Mail-Adresse für unsere Antwort/,
    message: /Ihre Nachricht/,
    send: 'Nachricht senden',
    sent: 'Ihre Nachricht wurde gesendet.',
    another: 'Weitere Nachricht schreiben',
    required: 'Bitte füllen Sie dieses Feld aus.',
    general: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    antispam:
      'Ihre Nachricht wurde als Spam eingestuft und nicht gesendet (ANTISPAM). Bitte schreiben Sie uns stattdessen an support@example.com.',
    privacy:
      'Ihre Angaben verwenden wir nur, um Ihre Nachricht zu beantworten. Mehr dazu in unseren Datenschutzhinweisen.',
    privacyLink: 'Datenschutzhinweisen',
  },
} as const;

async function openContact(language: 'en' | 'de', customer: Customer = createCustomer()) {
  const view = await renderAppAs('/contact', { language, as: customer });
  await screen.findByRole('heading', { level: 1, name: texts[language].title });
  // The name and email are prefilled once GET /me has answered.
  await waitFor(() => expect(screen.getByRole('textbox', { name: texts[language].email })).toHaveValue(customer.email));
  return view;
}

function honeypot(container: HTMLElement): HTMLInputElement {
  const field = container.querySelector<HTMLInputElement>('input[name="website"]');
  if (!field) throw new Error('no anti-spam field');
  return field;
}

describe.each(['en', 'de'] as const)('the contact form in %s', (language) => {
  const t = texts[language];

  it('says what happens with what is sent, with a link to the privacy notice (decision 032)', async () => {
    await openContact(language);
    const link = screen.getByRole('link', { name: t.privacyLink });
    expect(link).toHaveAttribute('href', 'https://www.example.com/privacy');
    expect(link.closest('p')).toHaveTextContent(t.privacy);
  });

  it('names the missing message beside its field', async () => {
    const { user } = await openContact(language);
    await user.click(screen.getByRole('button', { name: t.send }));
    const message = screen.getByRole('textbox', { name: t.message });
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(t.required);
    expect(message).toHaveFocus();
    expect(db.contactMessage.getAll()).toEqual([]);
  });
});

describe('the contact form in English', () => {
  const language = 'en';
  const t = texts[language];

  it('keeps everything typed and shows the error line when sending fails', async () => {
    mock.fault('POST /contact', 'http500', { times: 1 });
    const { user } = await openContact(language);
    const name = screen.getByRole('textbox', { name: t.name });
    await user.clear(name);
    await user.type(name, 'Max Muster');
    await user.type(screen.getByRole('textbox', { name: t.message }), 'Please call me back.');
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.general);
    expect(screen.getByRole('textbox', { name: t.name })).toHaveValue('Max Muster');
    expect(screen.getByRole('textbox', { name: t.message })).toHaveValue('Please call me back.');
    expect(screen.queryByText(t.sent)).not.toBeInTheDocument();
    // The second try goes through with the kept text.
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    expect(db.contactMessage.getAll()).toEqual([
      expect.objectContaining({ name: 'Max Muster', message: 'Please call me back.' }),
    ]);
  });

  it('shows ANTISPAM and sends nothing when the hidden anti-spam field is filled', async () => {
    const { user, container } = await openContact(language);
    await user.type(screen.getByRole('textbox', { name: t.message }), 'Cheap pills');
    await user.type(honeypot(container), 'http://spam.example');
    await user.click(screen.getByRole('button', { name: t.send }));
    // A sentence for people, with the spec's code word kept in it (decision 032).
    expect(await screen.findByRole('alert')).toHaveTextContent(t.antispam);
    expect(db.contactMessage.getAll()).toEqual([]);
    expect(mock.outbox()).toEqual([]);
    expect(screen.getByRole('textbox', { name: t.message })).toHaveValue('Cheap pills');
  });
});

describe('the contact form in German', () => {
  const language = 'de';
  const t = texts[language];

  it("prefills the customer's name and email and sends the message", async () => {
    const customer = createCustomer({ user: { firstname: 'Karla', lastname: 'Kundin' } });
    const { user } = await openContact(language, customer);
    expect(screen.getByRole('textbox', { name: t.name })).toHaveValue('Karla Kundin');
    await user.type(screen.getByRole('textbox', { name: t.message }), 'My backup job fails every night.');
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    expect(db.contactMessage.getAll()).toEqual([
      expect.objectContaining({
        name: 'Karla Kundin',
        email: customer.email,
        message: 'My backup job fails every night.',
      }),
    ]);
    await user.click(screen.getByRole('button', { name: t.another }));
    expect(screen.getByRole('textbox', { name: t.message })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: t.name })).toHaveValue('Karla Kundin');
  });
});

describe('the anti-spam field', () => {
  it('is hidden from people and screen readers and out of the tab order', async () => {
    const { container } = await openContact('en');
    const field = honeypot(container);
    expect(field).toHaveAttribute('tabindex', '-1');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getAllByRole('textbox')).not.toContain(field);
  });
});
