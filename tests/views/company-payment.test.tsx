import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCompany } from '../../src/api/company';
import { config } from '../../src/config';
import type { Language } from '../../src/domain/constants';
import { createCustomer } from '../support/customers';
import { labelled, renderAppAs } from '../support/render-app';

const labels = {
  en: {
    edit: 'Edit',
    form: 'Edit company data',
    payment: 'Payment method',
    bill: 'Invoice / bank transfer',
    debit: 'Direct debit',
    mandate: 'We grant the following SEPA direct debit mandate for recurring payments',
    save: 'Save',
  },
  de: {
    edit: 'Bearbeiten',
    form: 'Firmendaten bearbeiten',
    payment: 'Zahlungsart',
    bill: 'Rechnung/Überweisung',
    debit: 'Lastschrift',
    mandate: 'Wir erteilen das folgende SEPA-Lastschriftmandat für wiederkehrende Zahlungen',
    save: 'Speichern',
  },
};

async function openEditForm(language: Language = 'en') {
  const text = labels[language];
  // Confirmed, paid by direct debit with a mandate given (the builder's company).
  const holder = 'Südwind Logistik GmbH';
  const customer = createCustomer({ company: { name: holder } });
  const view = await renderAppAs('/company', { language, as: customer });
  const edit = await screen.findByRole('button', { name: text.edit });
  await waitFor(() => expect(edit).toBeEnabled());
  await view.user.click(edit);
  const element = await screen.findByRole('form', { name: text.form });
  const form = within(element);
  // By label within the form: the IBAN field and the mandate come and go with the payment method.
  const payment = labelled(element, text.payment);
  const iban = () => labelled(element, 'IBAN');
  const mandate = () => labelled(element, text.mandate);
  const saveButton = form.getByRole('button', { name: text.save });
  const save = () => view.user.click(saveButton);
  /** Puts an IBAN in at once, as a paste or autofill does (typing it: the IBAN field's tests). */
  const enterIban = (value: string) => fireEvent.change(iban(), { target: { value } });
  /** Bill first clears the seeded IBAN and mandate; direct debit then asks for both again. */
  const chooseDirectDebitAfresh = async () => {
    await view.user.selectOptions(payment, text.bill);
    await view.user.selectOptions(payment, text.debit);
  };
  return { ...view, holder, element, form, payment, iban, mandate, save, enterIban, chooseDirectDebitAfresh, text };
}

describe('the payment method in English', () => {
  const language: Language = 'en';
  const region = 'Company data';

  it('saves bill without IBAN and shows it in the view', async () => {
    const { payment, save, user, text } = await openEditForm(language);
    await user.selectOptions(payment, text.bill);
    await save();
    const data = within(await screen.findByRole('region', { name: region }));
    expect(await data.findByText(text.bill)).toBeInTheDocument();
    expect(data.queryByText('IBAN')).not.toBeInTheDocument();
    await expect(getCompany()).resolves.toMatchObject({ payment_type: 'bill', iban: null, checkbox_iban: false });
  });
});

describe('the payment method in German', () => {
  const language: Language = 'de';
  const region = 'Firmendaten';

  it('clears the IBAN and the mandate when bill is chosen', async () => {
    const { payment, form, iban, mandate, user, text } = await openEditForm(language);
    expect(iban()).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(mandate()).toBeChecked();
    await user.selectOptions(payment, text.bill);
    expect(form.queryByRole('textbox', { name: 'IBAN' })).not.toBeInTheDocument();
    expect(form.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.selectOptions(payment, text.debit);
    expect(iban()).toHaveValue('');
    expect(mandate()).not.toBeChecked();
  });

  it('saves direct debit with a new IBAN and the mandate, and shows the IBAN masked', async () => {
    const { mandate, save, enterIban, chooseDirectDebitAfresh, user } = await openEditForm(language);
    await chooseDirectDebitAfresh();
    enterIban('DE44 5001 0517 5407 3249 31');
    await user.click(mandate());
    await save();
    const data = within(await screen.findByRole('region', { name: region }));
    expect(await data.findByText('•••• •••• •••• •••• ••49 31')).toBeInTheDocument();
    await expect(getCompany()).resolves.toMatchObject({
      payment_type: 'direct_debit',
      iban: 'DE44500105175407324931',
      checkbox_iban: true,
    });
  });
});

describe('the IBAN field', () => {
  it('keeps only capitals and digits in blocks of four as the customer types', async () => {
    const { iban, chooseDirectDebitAfresh, user } = await openEditForm();
    await chooseDirectDebitAfresh();
    await user.type(iban(), 'de89-3704/0044.05320130 00');
    expect(iban()).toHaveValue('DE89 3704 0044 0532 0130 00');
  });

  it('keeps the caret where the customer types in the middle', async () => {
    const { iban, chooseDirectDebitAfresh, user } = await openEditForm();
    await chooseDirectDebitAfresh();
    await user.type(iban(), 'DE8937');
    expect(iban()).toHaveValue('DE89 37');
    // Two characters typed after "DE": the second follows the first, not the end.
    await user.type(iban(), '12', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(iban()).toHaveValue('DE12 8937');
    expect((iban() as HTMLInputElement).selectionStart).toBe(5);
  });

  it('deletes the character before a block space with Backspace, keeping the caret there', async () => {
    const { iban, chooseDirectDebitAfresh, user } = await openEditForm();
    await chooseDirectDebitAfresh();
    await user.type(iban(), 'DE8937040044');
    expect(iban()).toHaveValue('DE89 3704 0044');
    // Caret right after the first space: Backspace takes the "9", not the space.
    await user.type(iban(), '{Backspace}', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(iban()).toHaveValue('DE83 7040 044');
    expect((iban() as HTMLInputElement).selectionStart).toBe(3);
  });

  it('keeps every character when the IBAN is pasted again over itself without spaces', async () => {
    const { iban, user } = await openEditForm();
    expect(iban()).toHaveValue('DE89 3704 0044 0532 0130 00');
    await user.tripleClick(iban());
    await user.paste('DE89370400440532013000');
    expect(iban()).toHaveValue('DE89 3704 0044 0532 0130 00');
  });

  it.each<Language>(['en', 'de'])(
    'refuses an IBAN with a wrong checksum beside the field (%s) and sends nothing',
    async (language) => {
      const { iban, mandate, save, enterIban, chooseDirectDebitAfresh, form, user } = await openEditForm(language);
      await chooseDirectDebitAfresh();
      enterIban('DE89 3704 0044 0532 0130 01');
      await user.click(mandate());
      await save();
      const message =
        language === 'de'
          ? 'Diese IBAN ist ungültig. Bitte prüfen Sie Länge und Ziffern.'
          : 'This IBAN is not valid. Please check its length and digits.';
      expect(await form.findByText(message)).toBeInTheDocument();
      expect(iban()).toHaveAttribute('aria-invalid', 'true');
      expect(iban()).toHaveFocus();
      expect(iban()).toHaveAccessibleDescription(expect.stringContaining(message));
      await expect(getCompany()).resolves.toMatchObject({
        payment_type: 'direct_debit',
        iban: 'DE89370400440532013000',
      });
    },
  );
});

describe('the SEPA mandate', () => {
  const { sepaCreditorName: creditor, sepaCreditorAddress: address, sepaCreditorId: creditorId } = config;
  const mandateTexts = (holder: string): Record<Language, string> => ({
    en:
      `Creditor: ${creditor}, ${address}; creditor identifier ${creditorId}. ` +
      `Account holder: ${holder} (the account must be held by the company). ` +
      `We authorise ${creditor} to collect recurring payments from our account by SEPA direct debit. ` +
      `At the same time we instruct our bank to honour the direct debits drawn on our account by ${creditor}. ` +
      'Note: we can demand a refund of the debited amount within eight weeks, starting with the debit date. ' +
      'The conditions agreed with our bank apply. ' +
      'The mandate reference will be sent to us with the pre-notification of the first direct debit. ' +
      `We grant this mandate electronically by saving; ${creditor} records it with the date of saving.`,
    de:
      `Gläubiger: ${creditor}, ${address}; Gläubiger-Identifikationsnummer ${creditorId}. ` +
      `Kontoinhaber: ${holder} (das Konto muss auf die Firma lauten). ` +
      `Wir ermächtigen ${creditor}, wiederkehrende Zahlungen von unserem Konto mittels Lastschrift einzuziehen. ` +
      `Zugleich weisen wir unser Kreditinstitut an, die von ${creditor} auf unser Konto gezogenen Lastschriften einzulösen. ` +
      'Hinweis: Wir können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. ' +
      'Es gelten dabei die mit unserem Kreditinstitut vereinbarten Bedingungen. ' +
      'Die Mandatsreferenz wird uns mit der Vorabankündigung (Pre-Notification) der ersten Lastschrift mitgeteilt. ' +
      `Wir erteilen das Mandat elektronisch mit dem Speichern; ${creditor} hält es mit dem Datum des Speicherns fest.`,
  });

  it.each<Language>(['en', 'de'])(
    'names the creditor with its address and identifier, recurring payments, the company as account holder and the electronic date, below the checkbox (%s)',
    async (language) => {
      const { holder, mandate, chooseDirectDebitAfresh } = await openEditForm(language);
      await chooseDirectDebitAfresh();
      expect(creditor).not.toBe('');
      expect(address).toMatch(/^[^,]+, \d{5} \S/);
      expect(creditorId).toMatch(/^DE\d{2}ZZZ\d{11}$/);
      expect(mandate()).toHaveAccessibleDescription(mandateTexts(holder)[language]);
      // "The following mandate": its text comes after the checkbox.
      const text = screen.getByText(/^(Creditor|Gläubiger): /);
      expect(mandate().compareDocumentPosition(text)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    },
  );

  it.each<[Language, string, string]>([
    ['en', 'Company name', 'the company entered above'],
    ['de', 'Firmenname', 'die oben eingetragene Firma'],
  ])('names as account holder the company name as typed (%s)', async (language, nameLabel, unnamed) => {
    const { element, mandate } = await openEditForm(language);
    const name = labelled(element, nameLabel);
    fireEvent.change(name, { target: { value: '' } });
    expect(mandate()).toHaveAccessibleDescription(mandateTexts(unnamed)[language]);
    fireEvent.change(name, { target: { value: 'Nordlicht Logistik KG' } });
    expect(mandate()).toHaveAccessibleDescription(mandateTexts('Nordlicht Logistik KG')[language]);
  });

  it.each<Language>(['en', 'de'])('is required for direct debit (%s)', async (language) => {
    const { mandate, save, enterIban, chooseDirectDebitAfresh, form, user } = await openEditForm(language);
    await chooseDirectDebitAfresh();
    enterIban('DE44 5001 0517 5407 3249 31');
    await save();
    const message =
      language === 'de'
        ? 'Bitte erteilen Sie das SEPA-Lastschriftmandat.'
        : 'Please grant the SEPA direct debit mandate.';
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(mandate()).toHaveFocus();
    await expect(getCompany()).resolves.toMatchObject({ iban: 'DE89370400440532013000' });
    await user.click(mandate());
    expect(form.queryByText(message)).not.toBeInTheDocument();
  });
});
