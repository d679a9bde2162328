/**
 * The account's protection in the mock (issue 44, decision 058; the calls tagged Security in the
 * v1.1 description): the factors, adding an authenticator app and confirming it with its first
 * code, removing a factor, new recovery codes, the fresh sign-in that the changes need, and
 * the open sessions and their ending, and passkeys (./passkeys.ts).
 */
import { object, optional, size, string } from 'superstruct';
import { db, type FactorRow } from '../db';
import { route } from '../faults';
import type { Bilingual } from '../language';
import { currentSession, markFreshlySignedIn, sessionAccount, FRESH_SIGN_IN_MS } from '../session';
import {
  customerChange,
  isFromPortal,
  needsFreshSignIn,
  notFromPortal,
  readBody,
  reauthRequired,
  sessionEnded,
} from './guard';
import { problem } from './problems';
import {
  addAuthenticator,
  confirmedFactorsOf,
  hasSecondFactor,
  newRecoveryCodes,
  takeRecoveryCode,
  takeTotp,
} from './second-factor';
import { AssertionStruct, passkeyRefused, passkeys, RegistrationStruct } from './passkey-structs';
import { checkCode, totpUri } from './totp';

const NamePayload = object({ name: size(string(), 1, 60) });
const CodePayload = object({ code: string() });
const ReauthPayload = object({
  password: optional(string()),
  totp: optional(string()),
  recovery_code: optional(string()),
  assertion: optional(AssertionStruct),
});
const PasskeyPayload = object({ name: size(string(), 1, 60), credential: RegistrationStruct });

/** A factor as the description's `Factor` shows it. */
function factorOf(factor: FactorRow) {
  return {
    id: factor.id,
    type: factor.type,
    name: factor.name,
    created_at: new Date(factor.created).toISOString(),
    last_used_at: factor.lastUsed === null ? null : new Date(factor.lastUsed).toISOString(),
  };
}

const wrongCode: Bilingual = {
  en: 'The code is wrong or has expired.',
  de: 'Der Code ist falsch oder abgelaufen.',
};

export const securityHandlers = [
  route('v1.1 GET /account/security', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    return Response.json({
      factors: confirmedFactorsOf(account.id).map(factorOf),
      recovery_codes_left: db.recoveryCode.count({
        where: { accountId: { equals: account.id }, used: { equals: false } },
      }),
      second_factor_required: account.secondFactorRequired,
    });
  }),

  route('v1.1 POST /account/totp', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      const body = await readBody(request, NamePayload, language);
      if (!body.ok) return body.response;
      const factor = addAuthenticator(account.id, body.value.name.trim(), false);
      return Response.json(
        { id: factor.id, otpauth_uri: totpUri(factor.secret, account.email), secret: factor.secret },
        { status: 201 },
      );
    }),
  ),

  route('v1.1 POST /account/totp/{id}/confirm', ({ request, cookies, params, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, CodePayload, language);
      if (!body.ok) return body.response;
      const factor = db.factor.findFirst({
        where: { id: { equals: params.id ?? '' }, accountId: { equals: account.id }, type: { equals: 'totp' } },
      });
      if (!factor) {
        return problem('factor-unknown', language, {
          detail: { en: 'This authenticator is not known.', de: 'Dieser Authenticator ist nicht bekannt.' },
        });
      }
      const now = Date.now();
      const verdict = checkCode(factor.secret, body.value.code, now, factor.lastStep);
      if (!verdict.accepted) {
        return problem(verdict.why === 'used' ? 'code-already-used' : 'invalid-code', language, { detail: wrongCode });
      }
      const first = !hasSecondFactor(account.id);
      const confirmed = db.factor.update({
        where: { id: { equals: factor.id } },
        data: { confirmed: true, lastStep: verdict.step, lastUsed: now },
      });
      const recoveryCodes = first ? await newRecoveryCodes(account.id) : undefined;
      return Response.json({
        factor: factorOf(confirmed ?? factor),
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      });
    }),
  ),

  route('v1.1 DELETE /account/factors/{id}', ({ request, cookies, params, language }) =>
    customerChange(request, cookies, language, (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      const factor = db.factor.findFirst({
        where: { id: { equals: params.id ?? '' }, accountId: { equals: account.id } },
      });
      if (!factor) {
        return problem('factor-unknown', language, {
          detail: { en: 'This factor is not known.', de: 'Dieser Anmeldefaktor ist nicht bekannt.' },
        });
      }
      if (factor.confirmed && account.secondFactorRequired && confirmedFactorsOf(account.id).length === 1) {
        return problem('factor-required', language, {
          detail: {
            en: 'Your provider requires a second factor for this account: add another before removing this one.',
            de: 'Ihr Anbieter verlangt für dieses Konto einen zweiten Faktor: Richten Sie einen weiteren ein, bevor Sie diesen entfernen.',
          },
        });
      }
      db.factor.delete({ where: { id: { equals: factor.id } } });
      if (!hasSecondFactor(account.id)) db.recoveryCode.deleteMany({ where: { accountId: { equals: account.id } } });
      return new Response(null, { status: 204 });
    }),
  ),

  route('v1.1 POST /account/recovery-codes', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      if (!hasSecondFactor(account.id)) {
        return problem('factor-required', language, {
          detail: {
            en: 'Recovery codes stand in for a second factor: add one first.',
            de: 'Wiederherstellungscodes ersetzen einen zweiten Faktor: Richten Sie zuerst einen ein.',
          },
        });
      }
      return Response.json({ recovery_codes: await newRecoveryCodes(account.id) });
    }),
  ),

  route('v1.1 POST /account/reauth', async ({ request, cookies, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    const body = await readBody(request, ReauthPayload, language);
    if (!body.ok) return body.response;
    const { password, totp, recovery_code, assertion } = body.value;
    const given = [password, totp, recovery_code, assertion].filter((answer) => answer !== undefined);
    if (given.length !== 1) {
      return problem('invalid-fields', language, {
        detail: { en: 'Send exactly one answer.', de: 'Senden Sie genau eine Antwort.' },
      });
    }
    const now = Date.now();
    if (password !== undefined && password !== account.password) {
      return problem('wrong-credentials', language, {
        detail: { en: 'The password is wrong.', de: 'Das Passwort ist falsch.' },
      });
    }
    if (totp !== undefined) {
      const taken = takeTotp(account.id, totp, now);
      if (taken !== 'taken') {
        return problem(taken === 'used' ? 'code-already-used' : 'invalid-code', language, { detail: wrongCode });
      }
    }
    if (recovery_code !== undefined && !(await takeRecoveryCode(account.id, recovery_code))) {
      return problem('invalid-code', language, { detail: wrongCode });
    }
    if (
      assertion !== undefined &&
      !(await (await passkeys()).verifyAssertion(assertion, 'reauth', account.id, request))
    ) {
      return problem('passkey-refused', language, {
        detail: passkeyRefused,
      });
    }
    markFreshlySignedIn(cookies, now);
    return Response.json({ fresh_for_seconds: FRESH_SIGN_IN_MS / 1000 });
  }),

  route('v1.1 POST /account/passkeys/options', async ({ request, cookies, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    if (needsFreshSignIn(cookies)) return reauthRequired(language);
    return Response.json(await (await passkeys()).creationOptions(account, request));
  }),

  route('v1.1 POST /account/passkeys', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, PasskeyPayload, language);
      if (!body.ok) return body.response;
      const first = !hasSecondFactor(account.id);
      const factor = await (
        await passkeys()
      ).addPasskey(account, body.value.name.trim(), body.value.credential, request);
      if (!factor) {
        return problem('passkey-refused', language, {
          detail: passkeyRefused,
        });
      }
      const recoveryCodes = first ? await newRecoveryCodes(account.id) : undefined;
      return Response.json(
        { factor: factorOf(factor), ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) },
        { status: 201 },
      );
    }),
  ),

  route('v1.1 POST /account/reauth/options', async ({ request, cookies, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    return Response.json(await (await passkeys()).requestOptions('reauth', account.id, request));
  }),

  route('v1.1 GET /account/sessions', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    const current = currentSession(cookies);
    const sessions = db.session.findMany({
      where: { accountId: { equals: account.id } },
      orderBy: { created: 'desc' },
    });
    return Response.json(
      sessions.map((session) => ({
        id: session.id,
        current: session.token === current?.token,
        created_at: new Date(session.created).toISOString(),
        last_seen_at: new Date(session.lastSeen).toISOString(),
        device: session.device,
        network: null,
      })),
    );
  }),

  route('v1.1 DELETE /account/sessions/{id}', ({ request, cookies, params, language }) =>
    customerChange(request, cookies, language, (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      const other = db.session.findFirst({
        where: { id: { equals: params.id ?? '' }, accountId: { equals: account.id } },
      });
      if (!other || other.token === currentSession(cookies)?.token) {
        return problem('session-unknown', language, {
          detail: {
            en: 'There is no other open session with this id.',
            de: 'Es gibt keine andere offene Sitzung mit dieser Kennung.',
          },
        });
      }
      db.session.delete({ where: { token: { equals: other.token } } });
      return new Response(null, { status: 204 });
    }),
  ),

  route('v1.1 DELETE /account/sessions', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, (account) => {
      if (new URL(request.url).searchParams.get('except') !== 'current') {
        return problem('invalid-fields', language, {
          detail: {
            en: 'Say which session stays: except=current.',
            de: 'Geben Sie an, welche Sitzung bleibt: except=current.',
          },
        });
      }
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      const current = currentSession(cookies);
      db.session.deleteMany({
        where: { accountId: { equals: account.id }, token: { notEquals: current?.token ?? '' } },
      });
      return new Response(null, { status: 204 });
    }),
  ),
];
