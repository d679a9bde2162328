/**
 * Registration, login, password reset, the user object and logout (SPEC §4, §7).
 * Login refusals are 403, not 401: the portal shows the activation notice on 401
 * (docs/decisions/002).
 */
import { LoginAnswer } from '../../api/login';
import { ChangePasswordPayload, ForgotPasswordPayload, LoginPayload, UserStruct } from '../../api/structs';
import { RegisterPayload } from '../../api/registration';
import type { Language } from '../../domain/constants';
import { refused, type Outcome } from '../cancellations';
import { datastoresOf, db, findAccountByEmail, sendMail, type AccountRow } from '../db';
import { route } from '../faults';
import { inLanguage } from '../language';
import { newPasswordLink, registrationReceived } from '../mails';
import { randomToken } from '../random';
import { answer, done, notLoggedIn, postcodeMismatch, readPayload, refuse } from '../respond';
import { hasEnded } from '../rules';
import { clearSessionCookie, endSession, sessionAccount, startSession } from '../session';
import { asSpec } from '../strict';
import { apiVersion } from '../api-version';
import { offerWithPasskey } from '../v1-1/passkey-structs';
import { hasSecondFactor, issueTicket, type TicketOffer } from '../v1-1/second-factor';

/** A reset link is valid for one hour. */
const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Optional text fields: blank is stored as null. */
export function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function userOf(account: AccountRow) {
  const products = datastoresOf(account.id)
    .filter((datastore) => !hasEnded(datastore.contract_end_date))
    .map((datastore) =>
      asSpec('product', {
        name: datastore.identifier,
        dynamic_volume: datastore.volume === 0 ? 1 : 0,
        volume: datastore.volume,
        contract_end_date: datastore.contract_end_date,
      }),
    );
  return asSpec('user', {
    email: account.email,
    language: account.language,
    notifications: account.notifications,
    firstname: account.firstname,
    lastname: account.lastname,
    phone: account.phone,
    company_number: account.company_number,
    products,
  });
}

/**
 * A login, shared by v1 and v1.1: wrong credentials are refused; an account that awaits activation
 * gets no session; an active one gets a session, and its language is the login's from now on
 * (mails follow it, docs/decisions/001, point 4). A mock that speaks v1.1 asks an account with a
 * second factor for its second step instead (a ticket, no session), on v1's login as on v1.1's
 * (decision 058): no client opens such a session with the password alone.
 */
export function logIn(
  payload: LoginPayload,
  userAgent: string | null = null,
): Outcome<'inactive' | { account: AccountRow; cookie: string } | { account: AccountRow; secondFactor: TicketOffer }> {
  const account = findAccountByEmail(payload.email);
  if (!account || account.password !== payload.password) {
    return refused(403, 'wrong-credentials', {
      en: 'Username and password do not match',
      de: 'E-Mail-Adresse und Passwort passen nicht zusammen',
    });
  }
  if (!account.active) return { ok: true, value: 'inactive' };
  db.account.update({ where: { id: { equals: account.id } }, data: { language: payload.language } });
  if (apiVersion() === 'v1.1' && hasSecondFactor(account.id)) {
    return { ok: true, value: { account, secondFactor: issueTicket(account.id) } };
  }
  return { ok: true, value: { account, cookie: startSession(account.id, userAgent) } };
}

/**
 * A reset link for a known address, mailed in `language`; nothing for an unknown one (the answer is
 * the same either way, so it reveals nothing). Only the newest link works.
 */
export function sendResetLink(email: string, language: Language): void {
  const account = findAccountByEmail(email);
  if (!account) return;
  db.resetToken.updateMany({
    where: { email: { equals: account.email }, used: { equals: false } },
    data: { used: true },
  });
  const token = randomToken(32);
  db.resetToken.create({ token, email: account.email, expires: Date.now() + RESET_TOKEN_TTL_MS, used: false });
  const link = `/newpassword?email=${encodeURIComponent(account.email)}&token=${token}`;
  const mail = newPasswordLink(language, account);
  sendMail(account.email, mail.subject, mail.body, link);
}

/**
 * A new password with the link's token: refused when the link is unknown, used, expired or for
 * another address. The payload's `language` is the account's from now on, and every session of the
 * account ends.
 */
export function changePassword(payload: ChangePasswordPayload): Outcome<null> {
  const { email, password, language, token } = payload;
  const reset = db.resetToken.findFirst({ where: { token: { equals: token } } });
  const account = findAccountByEmail(email);
  if (
    !reset ||
    !account ||
    reset.used ||
    reset.expires <= Date.now() ||
    reset.email.toLowerCase() !== email.trim().toLowerCase()
  ) {
    return refused(400, 'reset-link-invalid', {
      en: 'This link is invalid or has expired',
      de: 'Dieser Link ist ungültig oder abgelaufen',
    });
  }
  db.account.update({ where: { id: { equals: account.id } }, data: { password, language } });
  db.resetToken.update({ where: { token: { equals: token } }, data: { used: true } });
  db.session.deleteMany({ where: { accountId: { equals: account.id } } });
  return { ok: true, value: null };
}

/**
 * A registration (SPEC §4), shared by v1 and v1.1: the postcode must fit the country and the address
 * must be new. The account awaits activation; its address waits in pending_* until the provider
 * activates it (SPEC §3); the mail goes out in `language`.
 */
export function register(body: RegisterPayload, language: Language): Outcome<AccountRow> {
  const mismatch = postcodeMismatch(body.pending_postcode, body.pending_country);
  if (mismatch) return { ok: false, refusal: mismatch };
  if (findAccountByEmail(body.email)) {
    return refused(409, 'email-taken', {
      en: 'This email address is already registered',
      de: 'Diese E-Mail-Adresse ist bereits registriert',
    });
  }
  const account = db.account.create({
    email: body.email.trim(),
    password: body.password,
    language: body.language,
    notifications: body.notifications,
    firstname: body.firstname.trim(),
    lastname: body.lastname.trim(),
    phone: orNull(body.phone),
    active: false,
    company_number: null,
  });
  db.company.create({
    accountId: account.id,
    checkbox_iban: false,
    phone: orNull(body.phone),
    pending_name: orNull(body.pending_name),
    pending_street: orNull(body.pending_street),
    pending_postcode: orNull(body.pending_postcode),
    pending_city: orNull(body.pending_city),
    pending_state: orNull(body.pending_state),
    pending_country: body.pending_country,
    pending_ustid: orNull(body.pending_ustid),
  });
  const mail = registrationReceived(language, account);
  sendMail(account.email, mail.subject, mail.body);
  return { ok: true, value: account };
}

export const authHandlers = [
  route('POST /register/company', async ({ request, language }) => {
    const payload = await readPayload(request, RegisterPayload);
    if (!payload.ok) return payload.response;
    const outcome = register(payload.value, language);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
  }),

  route('POST /login', async ({ request, language }) => {
    const payload = await readPayload(request, LoginPayload);
    if (!payload.ok) return payload.response;
    const outcome = logIn(payload.value, request.headers.get('User-Agent'));
    if (!outcome.ok) return refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
    if (outcome.value === 'inactive') return answer(LoginAnswer, { is_active: false });
    if ('secondFactor' in outcome.value) {
      // No cookie: a client that reads only `is_active` finds no session (its GET /me answers 401).
      const { account, secondFactor } = outcome.value;
      const waiting = { is_active: true, second_factor: await offerWithPasskey(secondFactor, account.id, request) };
      return answer(LoginAnswer, waiting);
    }
    return answer(LoginAnswer, { is_active: true }, { headers: { 'Set-Cookie': outcome.value.cookie } });
  }),

  route('POST /forgotpassword', async ({ request, language }) => {
    const payload = await readPayload(request, ForgotPasswordPayload);
    if (!payload.ok) return payload.response;
    sendResetLink(payload.value.email, language);
    return done();
  }),

  route('POST /changepassword', async ({ request, language: answerIn }) => {
    const payload = await readPayload(request, ChangePasswordPayload);
    if (!payload.ok) return payload.response;
    const outcome = changePassword(payload.value);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(answerIn, outcome.refusal.detail));
  }),

  route('GET /me', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    return answer(UserStruct, userOf(account));
  }),

  route('GET /logout', ({ cookies, language }) => {
    const ended = endSession(cookies);
    const headers = { 'Set-Cookie': clearSessionCookie };
    return ended ? done({ headers }) : notLoggedIn(language, headers);
  }),
];
