/**
 * The account's language and notification opt-in (SPEC §2 company page side cards, §7).
 */
import { LanguagePayload } from '../../api/structs';
import { db } from '../db';
import { route } from '../faults';
import { done, notLoggedIn, readPayload, refuse } from '../respond';
import { sessionAccount } from '../session';

export const settingsHandlers = [
  route('POST /language', async ({ request, cookies }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn();
    const payload = await readPayload(request, LanguagePayload);
    if (!payload.ok) return payload.response;
    db.account.update({ where: { id: { equals: account.id } }, data: { language: payload.value.language } });
    return done();
  }),

  route('GET /notifications/{true|false}', ({ cookies, params }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn();
    const { flag } = params;
    if (flag !== 'true' && flag !== 'false') return refuse(400, 'The notifications setting must be true or false.');
    db.account.update({ where: { id: { equals: account.id } }, data: { notifications: flag === 'true' } });
    return done();
  }),
];
