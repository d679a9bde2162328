/**
 * The support contact form (SPEC §2, §7). The anti-spam field is the client's own; a payload
 * that carries it, or any other extra field, is refused by the object struct with 400.
 */
import { ContactPayload } from '../../api/structs';
import { config } from '../../config';
import { db, sendMail, type AccountRow } from '../db';
import { route } from '../faults';
import { done, readPayload } from '../respond';
import { sessionAccount } from '../session';

/** A message to support (v1 and v1.1), kept with the account that sent it, if any. */
export function sendContactMessage({ name, email, message }: ContactPayload, account: AccountRow | null): void {
  db.contactMessage.create({ name, email, message, accountId: account?.id ?? null });
  sendMail(config.supportEmail, `Contact form: ${name} <${email}>`, message);
}

export const contactHandlers = [
  route('POST /contact', async ({ request, cookies }) => {
    const payload = await readPayload(request, ContactPayload);
    if (!payload.ok) return payload.response;
    sendContactMessage(payload.value, sessionAccount(cookies));
    return done();
  }),
];
