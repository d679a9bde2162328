/**
 * The mails the mock sends, in German and English (decision 039): a call's mail is in the
 * request's language, the operator's activation in the account's. German mails address the
 * customer with "Sie", open with "Guten Tag …" and close with the team's greeting; dates are
 * written 31.12.2026, and a number keeps its unit on the same line (U+00A0: "5 Minuten",
 * "zzgl. USt."). The words follow docs/glossary.md: "Konto", "Passwort", "Lizenz",
 * "Lizenzschlüssel", "CPU-Sockel".
 */
import { config } from '../config';
import type { Language } from '../domain/constants';
import { formatEur } from '../domain/prices';
import { inLanguage } from './language';

/** A no-break space: a number and its unit, and "zzgl. USt.", never part across lines. */
const nbsp = '\u00a0';

export interface Mail {
  subject: string;
  body: string;
}

interface Person {
  firstname: string;
  lastname: string;
}

/** A yyyy-mm-dd day as the mail's language writes it: 31.12.2026, December 31, 2026. */
export function mailDate(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  if (language === 'de') return `${date}.${month}.${year}`;
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Salutation, paragraphs and closing: the shape of every mail to a customer. */
function letter(language: Language, person: Person, paragraphs: string[]): string {
  const name = `${person.firstname} ${person.lastname}`;
  const salutation = inLanguage(language, { en: `Hello ${name},`, de: `Guten Tag ${name},` });
  const closing = inLanguage(language, {
    en: 'Kind regards\nThe Cloud Backup Portal team',
    de: 'Mit freundlichen Grüßen\nIhr Team des Cloud-Backup-Portals',
  });
  return [salutation, ...paragraphs, closing].join('\n\n');
}

export function registrationReceived(language: Language, person: Person): Mail {
  return {
    subject: inLanguage(language, {
      en: 'We have received your registration',
      de: 'Ihre Registrierung ist eingegangen',
    }),
    body: letter(language, person, [
      inLanguage(language, {
        en: 'we are checking your details and will activate your account within 2 to 3 business days. You will receive another email then.',
        de: `wir prüfen Ihre Angaben und schalten Ihr Konto innerhalb von 2 bis 3${nbsp}Werktagen frei. Sie erhalten dann eine weitere E-Mail.`,
      }),
    ]),
  };
}

export function accountActivated(language: Language, person: Person, companyNumber: string): Mail {
  return {
    subject: inLanguage(language, { en: 'Your account has been activated', de: 'Ihr Konto ist freigeschaltet' }),
    body: letter(language, person, [
      inLanguage(language, {
        en: `your account has been activated. Your customer number is ${companyNumber}. You can log in now.`,
        de: `Ihr Konto ist freigeschaltet. Ihre Kundennummer lautet ${companyNumber}. Sie können sich jetzt anmelden.`,
      }),
    ]),
  };
}

export function newPasswordLink(language: Language, person: Person): Mail {
  return {
    subject: inLanguage(language, { en: 'Set a new password', de: 'Neues Passwort festlegen' }),
    body: letter(language, person, [
      inLanguage(language, {
        en: 'you have asked for a new password for the portal. Use the following link to set it. The link is valid for one hour and only once.',
        de: 'Sie haben ein neues Passwort für das Portal angefordert. Über den folgenden Link legen Sie es fest. Der Link gilt eine Stunde und nur einmal.',
      }),
      inLanguage(language, {
        en: 'If you did not ask for a new password, you can ignore this email: your password stays as it is.',
        de: 'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
      }),
    ]),
  };
}

interface ReadyDatastore {
  identifier: string;
  datastore: string;
  hostname: string;
  port: number;
  username: string;
}

export function datastoreReady(language: Language, person: Person, datastore: ReadyDatastore): Mail {
  const { identifier, hostname, port, username } = datastore;
  return {
    subject: inLanguage(language, {
      en: `Your datastore ${identifier} is ready`,
      de: `Ihr Datastore ${identifier} ist bereit`,
    }),
    body: letter(language, person, [
      inLanguage(language, {
        en: `your datastore ${identifier} is set up. Your connection data:`,
        de: `Ihr Datastore ${identifier} ist eingerichtet. Ihre Verbindungsdaten:`,
      }),
      inLanguage(language, {
        en: `Server: ${hostname}\nPort: ${port}\nDatastore: ${datastore.datastore}\nUsername: ${username}@pbs`,
        de: `Server: ${hostname}\nPort: ${port}\nDatastore: ${datastore.datastore}\nBenutzername: ${username}@pbs`,
      }),
      // The password is the datastore's lasting one; the portal shows it only briefly (SPEC §9).
      inLanguage(language, {
        en: `For security reasons, the portal shows the password only for 5${nbsp}minutes after the purchase, and this email does not contain it. Please store it safely in that time.`,
        de: `Das Passwort zeigt Ihnen das Portal aus Sicherheitsgründen nur 5${nbsp}Minuten lang nach dem Kauf an; in dieser E-Mail steht es nicht. Bitte bewahren Sie es in dieser Zeit sicher auf.`,
      }),
    ]),
  };
}

export function datastoreCancelled(
  language: Language,
  person: Person,
  datastore: { identifier: string; datastore: string },
  end: string,
): Mail {
  const { identifier } = datastore;
  const date = mailDate(end, language);
  return {
    subject: inLanguage(language, {
      en: `Cancellation of datastore ${identifier}`,
      de: `Kündigung des Datastores ${identifier}`,
    }),
    body: letter(language, person, [
      inLanguage(language, {
        en: `we confirm the cancellation of your datastore ${identifier} (${datastore.datastore}). It ends on ${date} and is then deleted with all backups in it.`,
        de: `wir bestätigen die Kündigung Ihres Datastores ${identifier} (${datastore.datastore}). Er endet am ${date} und wird danach mit allen darin gespeicherten Backups gelöscht.`,
      }),
    ]),
  };
}

export function contractCancelled(language: Language, person: Person, end: string): Mail {
  const date = mailDate(end, language);
  return {
    subject: inLanguage(language, { en: 'Your cancellation', de: 'Ihre Kündigung' }),
    body: letter(language, person, [
      inLanguage(language, {
        en: `we confirm the cancellation of your contract. It ends on ${date}. From now on your datastores are read-only; you can still restore your backups.`,
        de: `wir bestätigen die Kündigung Ihres Vertrags. Er endet am ${date}. Ab jetzt können Ihre Datastores nur noch gelesen werden; Ihre Backups können Sie weiterhin wiederherstellen.`,
      }),
      inLanguage(language, {
        en: `Your account is deleted 30${nbsp}days after the cancellation, with all datastores and backups.`,
        de: `Ihr Konto wird 30${nbsp}Tage nach der Kündigung gelöscht, mit allen Datastores und Backups.`,
      }),
    ]),
  };
}

interface LicenceOrder {
  licenceName: string;
  /** False for the licences sold per server (Proxmox Backup Server, Mail Gateway). */
  perCpuSocket: boolean;
  cpuCount: number;
  totalNetEur: number;
}

/**
 * The order confirmation: what /order_done says (orderDone.*), with what a buyer needs in writing
 * (review finding D7): the licence and its CPU sockets, the net price per year, the term, the
 * renewal and how to stop it, how to pay, when the licence key comes, and the terms (decision 032).
 */
export function licenceOrdered(language: Language, person: Person, order: LicenceOrder): Mail {
  const { licenceName, cpuCount } = order;
  const price = formatEur(order.totalNetEur);
  const days = config.licenceNoticeDays;
  const sales = config.salesEmail;
  const scope = order.perCpuSocket
    ? inLanguage(language, {
        en: cpuCount === 1 ? `1${nbsp}CPU socket` : `${cpuCount}${nbsp}CPU sockets`,
        de: `${cpuCount}${nbsp}CPU-Sockel`,
      })
    : inLanguage(language, { en: 'one server', de: 'ein Server' });
  return {
    subject: inLanguage(language, { en: `Your order: ${licenceName}`, de: `Ihre Bestellung: ${licenceName}` }),
    body: letter(language, person, [
      inLanguage(language, {
        en: 'thank you for your order. We have received it as follows:',
        de: 'vielen Dank für Ihre Bestellung. Wir haben sie wie folgt erhalten:',
      }),
      inLanguage(language, {
        en: `Licence: ${licenceName}\nFor: ${scope}\nPrice: ${price} per year plus VAT\nTerm: one year`,
        de: `Lizenz: ${licenceName}\nFür: ${scope}\nPreis: ${price} pro Jahr zzgl.${nbsp}USt.\nLaufzeit: ein Jahr`,
      }),
      inLanguage(language, {
        en: `The licence renews automatically for another year unless you cancel it at least ${days}${nbsp}${days === 1 ? 'day' : 'days'} before the year ends; an email to ${sales} is enough.`,
        de: `Die Lizenz verlängert sich automatisch um ein weiteres Jahr, wenn Sie nicht spätestens ${days}${nbsp}${days === 1 ? 'Tag' : 'Tage'} vor ihrem Ende kündigen; eine E-Mail an ${sales} genügt.`,
      }),
      inLanguage(language, {
        en: `You can pay in advance by bank transfer, with PayPal or on invoice within 10${nbsp}days. We send you the licence key by email once your payment has arrived, or at once when you pay on invoice.`,
        de: `Sie bezahlen per Vorkasse (Überweisung), mit PayPal oder auf Rechnung innerhalb von 10${nbsp}Tagen. Den Lizenzschlüssel senden wir Ihnen per E-Mail, sobald Ihre Zahlung eingegangen ist; beim Kauf auf Rechnung sofort.`,
      }),
      inLanguage(language, {
        en: `Our terms and conditions, which you accepted with your order, apply: ${config.termsUrl}`,
        de: `Es gelten unsere Allgemeinen Geschäftsbedingungen, denen Sie mit Ihrer Bestellung zugestimmt haben: ${config.termsUrl}`,
      }),
    ]),
  };
}

interface RaisedAlert {
  kind: 'space' | 'backup-missed' | 'verification-failed' | 'collection-failed';
  datastore: string;
  /** The used percent (space) or the hours without a backup (backup-missed). */
  figure: number;
}

/** An alert of the customer's rules (issue 45): what happened to which datastore, and where to look. */
export function alertRaised(language: Language, person: Person, alert: RaisedAlert): Mail {
  const { datastore, figure } = alert;
  const what = {
    space: {
      en: `Your datastore ${datastore} is ${figure}${nbsp}% full.`,
      de: `Ihr Datastore ${datastore} ist zu ${figure}${nbsp}% belegt.`,
    },
    'backup-missed': {
      en: `Your datastore ${datastore} has had no backup for ${figure}${nbsp}hours.`,
      de: `Ihr Datastore ${datastore} hat seit ${figure}${nbsp}Stunden kein Backup erhalten.`,
    },
    'verification-failed': {
      en: `A verification of your datastore ${datastore} failed.`,
      de: `Eine Verifizierung Ihres Datastores ${datastore} ist fehlgeschlagen.`,
    },
    'collection-failed': {
      en: `A garbage collection of your datastore ${datastore} failed.`,
      de: `Eine Garbage Collection Ihres Datastores ${datastore} ist fehlgeschlagen.`,
    },
  }[alert.kind];
  return {
    subject: inLanguage(language, { en: `Alert for datastore ${datastore}`, de: `Hinweis zu Datastore ${datastore}` }),
    body: letter(language, person, [
      inLanguage(language, what),
      inLanguage(language, {
        en: 'You find the details on the datastore’s page in the portal. You set which alerts send an email under “Alerts”.',
        de: 'Die Einzelheiten finden Sie auf der Seite des Datastores im Portal. Welche Hinweise eine E-Mail senden, legen Sie unter „Hinweise“ fest.',
      }),
    ]),
  };
}
