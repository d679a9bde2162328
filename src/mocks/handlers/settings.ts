/**
 * The account's language and notification opt-in (SPEC §2 company page side cards, §7).
 */
import { LanguagePayload } from '../../api/structs';
import { db } from '../db';
import { route } from '../faults';
import { inLanguage } from '../language';
import { done, notLoggedIn, readPayload, refuse } from '../respond';
import { sessionAccount } from '../session';

export const settingsHandlers = [
  route('POST /language', async ({ request, cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const payload = await readPayload(request, LanguagePayload);
    if (!payload.ok) return payload.response;
    db.account.update({ where: { id: { equals: account.id } }, data: { language: payload.value.language } });
    return done();
  }),

  route('GET /notifications/{true|false}', ({ cookies, params, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const { flag } = params;
    if (flag !== 'true' && flag !== 'false') {
      return refuse(
        400,
        inLanguage(language, {
          en: 'The notifications setting must be true or false.',
          de: 'Die Einstellung der Benachrichtigungen muss true oder false sein.',
        }),
      );
    }
    db.account.update({ where: { id: { equals: account.id } }, data: { notifications: flag === 'true' } });
    return done();
  }),
];
