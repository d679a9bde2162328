/**
 * A French company's day in German (decision 032): it registers, is activated, buys backup storage
 * and orders a licence. Each step shows what a German B2B portal has to say: business customers
 * only, the terms and privacy notice accepted where a contract is made, the data processing agreement,
 * prices plus VAT, and the reverse-charge note for a company in France with a VAT id.
 */
import { expect, openFresh, test } from './fixtures';

test.use({ locale: 'de-DE' });

const email = 'compta@exemple-sarl.fr';
const password = 'Correct-Horse-Battery-9';
const businessOnly = 'Unser Angebot richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB.';
const terms = /^Ich akzeptiere die Allgemeinen Geschäftsbedingungen und habe die Datenschutzhinweise gelesen/;
const reverseCharge =
  'Für Unternehmen mit Sitz in Frankreich oder Luxemburg und gültiger USt-IdNr. stellen wir keine deutsche Umsatzsteuer in Rechnung: Die Umsatzsteuer schulden Sie als Leistungsempfänger (Steuerschuldnerschaft des Leistungsempfängers, Reverse-Charge-Verfahren).';
/** The licence's renewal and how to end it, as the shop's settings make it (decision 032, D1 of the review). */
const renewal =
  'verlängert sich automatisch um ein weiteres Jahr, wenn Sie nicht spätestens 30 Tage vor ihrem Ende kündigen; eine E-Mail an sales@example.com genügt.';

test('a French company registers in German, buys backup storage and orders a licence, told at each step what binds it', async ({
  page,
}) => {
  test.setTimeout(60_000);

  // Registration: for businesses only; the terms must be accepted, and their links lead to them.
  await openFresh(page, '/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Firmenkonto erstellen' })).toBeVisible();
  await expect(page.getByText(businessOnly)).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await main.getByLabel(/^Passwort/).fill(password);
  await main.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Camille');
  await main.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Lefèvre');
  await main.getByRole('textbox', { name: 'Firmenname' }).fill('Exemple SARL');
  await main.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('12 rue de la Paix');
  await main.getByRole('textbox', { name: 'Postleitzahl' }).fill('75002');
  await main.getByRole('textbox', { name: 'Ort', exact: true }).fill('Paris');
  await main.getByRole('combobox', { name: 'Land' }).selectOption('FR');
  await main.getByRole('textbox', { name: /^USt-IdNr\./ }).fill('FR40303265045');
  const registrationTerms = main.getByRole('checkbox', { name: terms });
  await expect(main.getByRole('link', { name: 'Allgemeinen Geschäftsbedingungen' })).toHaveAttribute(
    'href',
    'https://www.example.com/terms',
  );
  await expect(main.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute(
    'href',
    'https://www.example.com/privacy',
  );
  // The data processing agreement (Art. 28 DSGVO, decision 041): stated and linked, not ticked.
  await expect(
    main.getByText(/^Für die Verarbeitung personenbezogener Daten in Ihren Backups schließen wir/),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Vertrag zur Auftragsverarbeitung (AVV) ansehen' })).toHaveAttribute(
    'href',
    'https://www.example.com/data-processing-agreement',
  );
  await main.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(registrationTerms).toBeFocused();
  await expect(main.getByText('Bitte akzeptieren Sie die AGB.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await registrationTerms.check();
  await main.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(/\/waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto ist noch nicht freigeschaltet' })).toBeVisible();

  // The provider activates the account; the company logs in.
  expect(await page.evaluate((address) => window.__portalMock.activate(address), email)).toBe(true);
  await page.goto('/login');
  await main.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await main.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await main.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Datastores' })).toBeVisible();

  // The purchase card: every price plus VAT, and no German VAT for a French company with its VAT id.
  const purchase = page.getByRole('region', { name: 'Backup-Speicher kaufen' });
  const dynamic = purchase.getByRole('form', { name: 'Dynamischer Tarif' });
  const fixed = purchase.getByRole('form', { name: 'Festes Volumen' });
  await expect(dynamic.getByText(/pro GB und Monat zzgl\.\sUSt\.$/)).toBeVisible();
  await fixed.getByRole('slider').fill('2');
  await expect(fixed.getByText(/^40,00\s€ pro Monat zzgl\.\sUSt\.$/)).toBeVisible();
  await expect(purchase.getByText(reverseCharge)).toBeVisible();
  await dynamic.getByRole('textbox', { name: 'Datastore-Kennung' }).fill('paris1');
  await dynamic.getByRole('button', { name: 'Dynamischen Backup-Speicher kaufen' }).click();
  const ready = page.getByRole('dialog', { name: 'Ihr Datastore „paris1“ ist bereit' });
  await expect(ready).toBeVisible();
  await ready.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByRole('article', { name: 'paris1' })).toBeVisible();

  // The licence shop: business customers only, prices plus VAT, the renewal and how to end it.
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Lizenz-Shop' }).click();
  await expect(page).toHaveURL(/\/ishop$/);
  await expect(page.getByText(businessOnly)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Eine Lizenz gilt ein Jahr.' })).toHaveText(
    'Eine Lizenz gilt ein Jahr. Die Laufzeit verlängert sich automatisch um ein weiteres Jahr, wenn Sie nicht spätestens 30 Tage vor ihrem Ende kündigen; eine E-Mail an sales@example.com genügt.',
  );
  await page.getByRole('tab', { name: 'Backup Server (PBS)' }).click();
  const card = page.getByRole('article', { name: 'Proxmox Backup Server Basic' });
  await expect(card.getByText(/^1\.080,00\s€ pro Server und Jahr zzgl\.\sUSt\.$/)).toBeVisible();
  await card.getByRole('link', { name: /^Kaufen ?: Proxmox Backup Server Basic$/ }).click();

  // The order form, prefilled from the company: the same notices, and the terms once more.
  await expect(page.getByRole('heading', { level: 2, name: 'Proxmox Backup Server Basic bestellen' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Land' })).toHaveValue('FR');
  await expect(main.getByRole('textbox', { name: 'USt-IdNr.' })).toHaveValue('FR40303265045');
  await expect(main.getByText(businessOnly)).toBeVisible();
  await expect(main.getByText(/^Gesamt: 1\.080,00\s€ pro Jahr zzgl\.\sUSt\.$/)).toBeVisible();
  await expect(main.getByText(reverseCharge)).toBeVisible();
  // Where the contract is made: the term, the renewal with its notice period, payment and the key.
  const orderSummary = main.getByRole('region', { name: 'Ihre Lizenz' });
  await expect(orderSummary.getByText(/^Laufzeit: ein Jahr\./)).toContainText(`Die Lizenz ${renewal}`);
  await expect(orderSummary.getByText(/^Laufzeit: ein Jahr\./)).toContainText(
    'Zahlung per Vorkasse (Überweisung), mit PayPal oder auf Rechnung mit einem Zahlungsziel von 10 Tagen. Den Lizenzschlüssel senden wir Ihnen per E-Mail, sobald Ihre Zahlung eingegangen ist; beim Kauf auf Rechnung sofort.',
  );
  await expect(main.getByRole('link', { name: 'Allgemeinen Geschäftsbedingungen' })).toHaveAttribute(
    'href',
    'https://www.example.com/terms',
  );
  const orderTerms = main.getByRole('checkbox', { name: terms });
  const mailsBefore = await page.evaluate(() => window.__portalMock.outbox().length);
  await main.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(orderTerms).toBeFocused();
  await expect(main.getByText('Bitte akzeptieren Sie die AGB.')).toBeVisible();
  expect(await page.evaluate(() => window.__portalMock.outbox().length)).toBe(mailsBefore);
  await orderTerms.check();
  await main.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

  await expect(page).toHaveURL(/\/order_done$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    /^Ihre Bestellung „Proxmox Backup Server Basic“ für einen Server zum Preis von 1\.080,00\s€ pro Jahr zzgl\.\sUSt\. ist bei uns eingegangen\./,
  );
  // The thanks page repeats the renewal with its notice period, and where the key goes in Proxmox.
  await expect(page.getByRole('listitem').filter({ hasText: 'Die Lizenz läuft ein Jahr' })).toHaveText(
    `Die Lizenz läuft ein Jahr und ${renewal}`,
  );
  await expect(page.getByRole('listitem').filter({ hasText: '„Subskription-Key hochladen“' })).toBeVisible();

  // Paying by direct debit: a mandate a bank accepts names the creditor with its address and
  // identifier, the account holder, and that it is for recurring payments (decision 041).
  await page.goto('/company');
  await main.getByRole('button', { name: 'Bearbeiten' }).click();
  await main.getByRole('combobox', { name: 'Zahlungsart' }).selectOption({ label: 'Lastschrift' });
  const mandate = main.getByRole('checkbox', {
    name: 'Wir erteilen das folgende SEPA-Lastschriftmandat für wiederkehrende Zahlungen',
  });
  await expect(mandate).toBeVisible();
  await expect(main.getByText(/^Gläubiger: /)).toContainText(
    'Gläubiger: Example Hosting GmbH, Musterweg 1, 12345 Musterstadt; Gläubiger-Identifikationsnummer DE98ZZZ09999999999. Kontoinhaber: Exemple SARL',
  );
  await expect(main.getByText(/^Gläubiger: /)).toContainText(
    'wiederkehrende Zahlungen von unserem Konto mittels Lastschrift',
  );
});

test('a company whose address is already registered reads why in German, with everything it typed kept', async ({
  page,
}) => {
  await openFresh(page, '/register');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('demo@example.com');
  await main.getByLabel(/^Passwort/).fill(password);
  await main.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Camille');
  await main.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Lefèvre');
  await main.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Hauptstraße 1');
  await main.getByRole('textbox', { name: 'Postleitzahl' }).fill('10115');
  await main.getByRole('textbox', { name: 'Ort', exact: true }).fill('Berlin');
  await main.getByRole('checkbox', { name: terms }).check();
  await main.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(main.getByRole('alert')).toHaveText(
    'Diese E-Mail-Adresse ist bereits registriert. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
  );
  await expect(page).toHaveURL(/\/register$/);
  await expect(main.getByRole('textbox', { name: 'Ort', exact: true })).toHaveValue('Berlin');
});
