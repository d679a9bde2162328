/**
 * The mock speaks the request's language (decision 039): the portal's client sends the page's
 * language as `Accept-Language` with every call, and the mock answers its refusals and writes its
 * mails in it, German for "de…" and English otherwise.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgotPassword, me } from '../../src/api/auth';
import { register } from '../../src/api/registration';
import { apiUrl } from '../../src/api/client';
import { getCompany } from '../../src/api/company';
import { editCompany } from '../../src/api/company-edit';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore, cancelDatastore } from '../../src/api/datastores';
import { orderLicence } from '../../src/api/licence-order';
import type { LicenceOrderPayload } from '../../src/api/licence-structs';
import { config } from '../../src/config';
import type { Language } from '../../src/domain/constants';
import { mailDate } from '../../src/mocks/mails';
import { provisioningMs } from '../../src/mocks/v1-1/operations';
import { mock, server } from '../../src/mocks/node';
import { apiError, companyEdit, loginAs, registration, seedEmails, send, setClock } from '../support/mock-api';

const nbsp = '\u00a0';

/** The page speaks `language`: what the portal's client then sends with each call. */
function pageSpeaks(language: Language) {
  document.documentElement.lang = language;
}

function order(overrides: Partial<LicenceOrderPayload> = {}): LicenceOrderPayload {
  return {
    email: 'buyer@example.org',
    company_name: 'Käufer GmbH',
    firstname: 'Karl',
    lastname: 'Käufer',
    phone: '',
    street: 'Marktplatz 2',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    ustid: '',
    product_id: 3,
    cpu_count: 2,
    ...overrides,
  };
}

const lastMail = () => mock.outbox().at(-1);

/** German: "Sie", "Guten Tag …", the team's greeting, and none of the words the glossary rules out. */
function expectGermanLetter(body: string | undefined, name: string) {
  expect(body).toMatch(new RegExp(`^Guten Tag ${name},\\n\\n`));
  expect(body).toMatch(/\n\nMit freundlichen Grüßen\nIhr Team des Cloud-Backup-Portals$/);
  expect(body).not.toMatch(/\b(du|dein|Zugang|vorläufig|Subskription|Abonnement|Subscription)\b/i);
}

afterEach(() => vi.useRealTimers());

describe('the language a call reaches the mock in', () => {
  const seen: { call: string; language: string | null }[] = [];
  const record = ({ request }: { request: Request }) => {
    seen.push({
      call: `${request.method} ${new URL(request.url).pathname}`,
      language: request.headers.get('Accept-Language'),
    });
  };
  beforeEach(() => {
    seen.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('is the page’s language, for a read and for a write, as the real handlers receive them', async () => {
    pageSpeaks('de');
    await loginAs();
    await me();
    await register(registration());
    expect(seen).toEqual([
      { call: 'POST /api/v1/login', language: 'de' },
      { call: 'GET /api/v1/me', language: 'de' },
      { call: 'POST /api/v1/register/company', language: 'de' },
    ]);
    pageSpeaks('en');
    await getCompany();
    expect(seen.at(-1)).toEqual({ call: 'GET /api/v1/company', language: 'en' });
  });
});

describe('the mock’s refusals', () => {
  it.each([
    ['de', 'Diese E-Mail-Adresse ist bereits registriert'],
    ['en', 'This email address is already registered'],
  ] as const)('refuse an address already registered in the request’s language (%s)', async (language, reason) => {
    pageSpeaks(language);
    expect(await apiError(register(registration({ email: seedEmails.demo })))).toMatchObject({ status: 409, reason });
  });

  it('refuse a purchase before the company data is complete in German', async () => {
    pageSpeaks('de');
    await loginAs(seedEmails.fresh);
    expect(await apiError(buyDatastore('backup', 1))).toMatchObject({
      status: 403,
      reason: 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie einen Datastore kaufen.',
    });
  });

  it('refuse a direct debit without the mandate, and a postcode that does not fit the country, in German', async () => {
    pageSpeaks('de');
    await loginAs();
    expect(await apiError(editCompany(companyEdit({ checkbox_iban: false })))).toMatchObject({
      status: 400,
      reason:
        'Für die Zahlung per Lastschrift ist das SEPA-Lastschriftmandat nötig: Bitte stimmen Sie dem rechtlichen Hinweis zu.',
    });
    expect(
      await apiError(editCompany(companyEdit({ pending_country: 'FR', pending_postcode: 'L-1234' }))),
    ).toMatchObject({
      status: 400,
      reason: 'Die Postleitzahl passt nicht zum Land FR.',
    });
  });

  it('name the field of a payload that fails its struct in German, quoting it', async () => {
    const refused = await fetch(apiUrl('/register/company'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' },
      body: JSON.stringify(registration({ pending_city: ' ' })),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ status: 'error', reason: 'Das Feld „Ort“ ist erforderlich.' });
  });

  it('answer a call without a session in German too', async () => {
    pageSpeaks('de');
    expect(await apiError(me())).toMatchObject({ status: 401, reason: 'Nicht angemeldet' });
  });

  it('are English for a request in any other language, or in none', async () => {
    expect(await send('POST', '/register/company', registration({ pending_postcode: '1234' }))).toEqual({
      status: 400,
      body: { status: 'error', reason: 'The postcode does not fit the country DE.' },
    });
    pageSpeaks('en');
    expect(await apiError(me())).toMatchObject({ status: 401, reason: 'Not logged in' });
  });
});

describe('the mock’s mails', () => {
  it('confirm a registration in the request’s language', async () => {
    pageSpeaks('de');
    await register(registration());
    expect(lastMail()?.subject).toBe('Ihre Registrierung ist eingegangen');
    expectGermanLetter(lastMail()?.body, 'Nina Neu');
    expect(lastMail()?.body).toContain(`2 bis 3${nbsp}Werktagen`);
  });

  it('send the new-password link in the request’s language, not the account’s', async () => {
    pageSpeaks('de');
    await forgotPassword({ email: seedEmails.demo });
    expect(lastMail()).toMatchObject({ to: seedEmails.demo, subject: 'Neues Passwort festlegen' });
    expectGermanLetter(lastMail()?.body, 'Erika Mustermann');
    pageSpeaks('en');
    await forgotPassword({ email: seedEmails.demo });
    expect(lastMail()).toMatchObject({ subject: 'Set a new password' });
    expect(lastMail()?.body).toMatch(/^Hello Erika Mustermann,\n\n[^]*\n\nKind regards\nThe Cloud Backup Portal team$/);
  });

  it('tell of a new datastore with its connection data and the password shown for 5 minutes, in German', async () => {
    pageSpeaks('de');
    await loginAs();
    // The purchase's operation takes the mock's provisioning time: waited on a fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bought = buyDatastore('neu', 2);
    await vi.advanceTimersByTimeAsync(provisioningMs + 1_000);
    await bought;
    const mail = lastMail();
    expect(mail?.subject).toBe('Ihr Datastore neu ist bereit');
    expectGermanLetter(mail?.body, 'Erika Mustermann');
    expect(mail?.body).toMatch(
      /Server: pbs\d\.backup\.example\.com\nPort: 8007\nDatastore: k10001_neu\nBenutzername: k10001_neu@pbs/,
    );
    expect(mail?.body).toContain(`Das Passwort zeigt Ihnen das Portal aus Sicherheitsgründen nur 5${nbsp}Minuten lang`);
  });

  it('confirm the cancellation of a datastore with its end date written the German way', async () => {
    setClock('2026-11-22T10:00:00Z');
    mock.reset();
    pageSpeaks('de');
    await loginAs();
    await cancelDatastore('archive');
    expect(lastMail()?.subject).toBe('Kündigung des Datastores archive');
    expectGermanLetter(lastMail()?.body, 'Erika Mustermann');
    expect(lastMail()?.body).toContain('Er endet am 31.12.2026 und wird danach');
  });

  it('confirm the cancellation of the contract: the end date, and the account deleted 30 days after', async () => {
    setClock('2026-11-22T10:00:00Z');
    mock.reset();
    pageSpeaks('de');
    await loginAs();
    await cancelContract();
    const body = lastMail()?.body;
    expectGermanLetter(body, 'Erika Mustermann');
    expect(body).toContain('Er endet am 31.12.2026.');
    expect(body).toContain(`Ihr Konto wird 30${nbsp}Tage nach der Kündigung gelöscht`);
    pageSpeaks('en');
    mock.reset();
    await loginAs();
    await cancelContract();
    expect(lastMail()?.body).toContain('It ends on December 31, 2026.');
    expect(lastMail()?.body).toContain(`Your account is deleted 30${nbsp}days after the cancellation`);
  });

  it('write dates as 31.12.2026 in German and December 31, 2026 in English', () => {
    expect(mailDate('2026-12-31', 'de')).toBe('31.12.2026');
    expect(mailDate('2027-01-05', 'de')).toBe('05.01.2027');
    expect(mailDate('2026-12-31', 'en')).toBe('December 31, 2026');
    expect(mailDate('someday', 'de')).toBe('someday');
  });
});

describe('the licence order confirmation', () => {
  const days = config.licenceNoticeDays;

  it('states the order’s terms in German as /order_done does', async () => {
    pageSpeaks('de');
    await orderLicence(order());
    const mail = lastMail();
    expect(mail).toMatchObject({ to: 'buyer@example.org', subject: 'Ihre Bestellung: Proxmox VE Standard' });
    expectGermanLetter(mail?.body, 'Karl Käufer');
    const body = mail?.body ?? '';
    expect(body).toContain('Lizenz: Proxmox VE Standard');
    expect(body).toContain(`Für: 2${nbsp}CPU-Sockel`);
    expect(body).toMatch(new RegExp(`Preis: 1\\.060,00\\s€ pro Jahr zzgl\\.${nbsp}USt\\.`));
    expect(body).toContain('Laufzeit: ein Jahr');
    expect(body).toContain(
      `Die Lizenz verlängert sich automatisch um ein weiteres Jahr, wenn Sie nicht spätestens ${days}${nbsp}Tage vor ihrem Ende kündigen; eine E-Mail an ${config.salesEmail} genügt.`,
    );
    expect(body).toContain(
      `Sie bezahlen per Vorkasse (Überweisung), mit PayPal oder auf Rechnung innerhalb von 10${nbsp}Tagen.`,
    );
    expect(body).toContain(
      'Den Lizenzschlüssel senden wir Ihnen per E-Mail, sobald Ihre Zahlung eingegangen ist; beim Kauf auf Rechnung sofort.',
    );
    expect(body).toContain(
      `Es gelten unsere Allgemeinen Geschäftsbedingungen, denen Sie mit Ihrer Bestellung zugestimmt haben: ${config.termsUrl}`,
    );
    expect(body).not.toMatch(/\bCPU\(s\)|\bCPUs?\b(?!-)/);
  });

  it('states the same in English', async () => {
    pageSpeaks('en');
    await orderLicence(order({ cpu_count: 1 }));
    const mail = lastMail();
    expect(mail?.subject).toBe('Your order: Proxmox VE Standard');
    const body = mail?.body ?? '';
    expect(body).toMatch(/^Hello Karl Käufer,\n\n/);
    expect(body).toContain('Licence: Proxmox VE Standard');
    expect(body).toContain(`For: 1${nbsp}CPU socket\n`);
    expect(body).toMatch(/Price: 530,00\s€ per year plus VAT/);
    expect(body).toContain('Term: one year');
    expect(body).toContain(
      `The licence renews automatically for another year unless you cancel it at least ${days}${nbsp}days before the year ends; an email to ${config.salesEmail} is enough.`,
    );
    expect(body).toContain(`You can pay in advance by bank transfer, with PayPal or on invoice within 10${nbsp}days.`);
    expect(body).toContain(
      'We send you the licence key by email once your payment has arrived, or at once when you pay on invoice.',
    );
    expect(body).toContain(`Our terms and conditions, which you accepted with your order, apply: ${config.termsUrl}`);
    expect(body).not.toMatch(/subscription|\bCPU\(s\)|\bCPUs?\b(?! socket)/i);
    expect(body).toMatch(/\n\nKind regards\nThe Cloud Backup Portal team$/);
  });

  it('says one server, not CPU sockets, for a licence sold per server', async () => {
    pageSpeaks('de');
    await orderLicence(order({ product_id: 6, cpu_count: 1 }));
    expect(lastMail()?.body).toContain('Für: ein Server\n');
  });
});
