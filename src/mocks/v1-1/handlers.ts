/**
 * The calls of v1.1 the mock answers so far (contracts/v1.1.openapi.yaml), over the same database
 * as v1: the registration, the company edit, the login (204 and the session's cookie), both password calls, the reads (the user, the company, the datastores with their sizes in bytes, the licence
 * catalogue), the licence order and the message to support, the logout as a POST, the purchase as a POST answered 202 with its operation
 * (./operations.ts), both cancellations as POSTs and the two settings as PUTs, each state change
 * with an idempotency key. Refusals are problem details (./problems.ts).
 */
import { HttpResponse } from 'msw';
import { boolean, integer, is, min, object, optional, string, unknown } from 'superstruct';
import {
  ChangePasswordPayload,
  ContactPayload,
  ForgotPasswordPayload,
  LanguagePayload,
  LoginPayload,
  UserStruct,
} from '../../api/structs';
import { CompanyStruct, EditCompanyPayload } from '../../api/company-structs';
import { CatalogueAnswer, LicenceOrderPayload } from '../../api/licence-structs';
import { RegisterPayload } from '../../api/registration';
import { cancelContract, cancelDatastore, findDatastore, runningDatastores } from '../cancellations';
import { checkPurchase } from '../purchases';
import { db, findCompany, type DatastoreRow } from '../db';
import { route, type CallInfo } from '../faults';
import { changePassword, logIn, register, sendResetLink, userOf } from '../handlers/auth';
import { changesPayment, companyOf, editCompany } from '../handlers/company';
import { statusOf } from '../handlers/datastores';
import { sendContactMessage } from '../handlers/contact';
import { catalogue, orderLicence } from '../handlers/licences';
import { answer } from '../respond';
import { clearSessionCookie, endSession, sessionAccount, startSession } from '../session';
import {
  customerChange,
  isFromPortal,
  needsFreshSignIn,
  notFromPortal,
  readBody,
  reauthRequired,
  sessionEnded,
  visitorChange,
} from './guard';
import {
  operationJson,
  operationOf,
  operationPath,
  reservedIdentifiers,
  settleOperations,
  startPurchase,
} from './operations';
import { problem } from './problems';
import { AssertionStruct, offerWithPasskey, passkeyRefused, passkeys } from './passkey-structs';
import { completeSecondStep } from './second-factor';
import { backupHealth, backupHealthBrief } from './backup-health';
import { scheduleOf, schedulesOf } from './schedule-changes';
import { usageRanges } from '../../domain/usage-ranges';
import { usageHistory } from './usage-history';
import { isOneOf } from '../../domain/one-of';
import { AlertRulesStruct } from '../../domain/alert-rules';
import { alertsOf, lookForAlerts, rulesOf, setRules } from './alerts';

/** 1 TB is 10^12 bytes, 1 GB 10^9 (docs/api-v1.1.md, "Sizes in bytes"). */
const bytesPerTb = 1e12;

/** A datastore as v1.1 answers it: v1's fields and, beside the texts, the sizes in bytes. */
function datastoreOf(row: DatastoreRow) {
  return {
    ...statusOf(row),
    space_used_bytes: row.usedBytes,
    space_total_bytes: row.volume > 0 ? row.volume * bytesPerTb : null,
  };
}

const NotificationsPayload = object({ enabled: boolean() });
/** The second step of a login: an authenticator's code, a recovery code or a passkey's assertion. */
const SecondStepPayload = object({
  ticket: string(),
  totp: optional(string()),
  recovery_code: optional(string()),
  assertion: optional(unknown()),
});
const PasskeyLoginPayload = object({ assertion: AssertionStruct });
const PurchasePayload = object({ identifier: string(), product_id: min(integer(), 0) });

/**
 * A read of one of the account's datastores by its name or identifier: 401 `session-ended` without
 * a session, 404 `datastore-unknown` for a name the account does not hold, else `answer`'s.
 */
function readDatastore({ cookies, params, language }: CallInfo, answer: (row: DatastoreRow) => Response): Response {
  const account = sessionAccount(cookies);
  if (!account) return sessionEnded(language);
  settleOperations(account.id);
  const found = findDatastore(account.id, params.name ?? '');
  if (!found.ok) return problem(found.refusal.problem, language, { detail: found.refusal.detail });
  return answer(found.value);
}

/** A success without a body (MSW's response, so that a `Set-Cookie` of it reaches the cookie store). */
const noContent = (init?: ResponseInit) => new HttpResponse(null, { status: 204, ...init });

export const v11Handlers = [
  route('v1.1 POST /register/company', ({ request, cookies, language }) =>
    visitorChange(request, cookies, language, async () => {
      const body = await readBody(request, RegisterPayload, language);
      if (!body.ok) return body.response;
      const outcome = register(body.value, language);
      if (outcome.ok) return noContent();
      const { problem: type, detail } = outcome.refusal;
      const errors = type === 'postcode-country' ? [{ field: 'pending_postcode', detail }] : undefined;
      return problem(type, language, { detail, ...(errors ? { errors } : {}) });
    }),
  ),

  route('v1.1 POST /forgotpassword', ({ request, cookies, language }) =>
    visitorChange(request, cookies, language, async () => {
      const body = await readBody(request, ForgotPasswordPayload, language);
      if (!body.ok) return body.response;
      sendResetLink(body.value.email, language);
      return noContent();
    }),
  ),

  route('v1.1 POST /changepassword', ({ request, cookies, language }) =>
    visitorChange(request, cookies, language, async () => {
      const body = await readBody(request, ChangePasswordPayload, language);
      if (!body.ok) return body.response;
      const outcome = changePassword(body.value);
      return outcome.ok ? noContent() : problem(outcome.refusal.problem, language, { detail: outcome.refusal.detail });
    }),
  ),

  route('v1.1 GET /me', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    return account ? answer(UserStruct, userOf(account)) : sessionEnded(language);
  }),

  // No key: a stored answer would hold a session's secret, and a second login books nothing.
  route('v1.1 POST /login', async ({ request, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const body = await readBody(request, LoginPayload, language);
    if (!body.ok) return body.response;
    const outcome = logIn(body.value, request.headers.get('User-Agent'));
    if (!outcome.ok) return problem(outcome.refusal.problem, language, { detail: outcome.refusal.detail });
    if (outcome.value === 'inactive') {
      return problem('account-not-active', language, {
        detail: {
          en: 'Your account awaits activation; we will tell you by email when it is active.',
          de: 'Ihr Konto wartet auf die Freischaltung; wir benachrichtigen Sie per E-Mail, sobald es aktiv ist.',
        },
      });
    }
    if ('secondFactor' in outcome.value) {
      const { account, secondFactor } = outcome.value;
      return HttpResponse.json({ second_factor: await offerWithPasskey(secondFactor, account.id, request) });
    }
    return noContent({ headers: { 'Set-Cookie': outcome.value.cookie } });
  }),

  route('v1.1 POST /login/second-factor', async ({ request, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const body = await readBody(request, SecondStepPayload, language);
    if (!body.ok) return body.response;
    const { ticket, totp, recovery_code, assertion } = body.value;
    if ([totp, recovery_code, assertion].filter((answer) => answer !== undefined).length !== 1) {
      const detail = {
        en: 'Send one of a code of your authenticator app, a passkey and a recovery code.',
        de: 'Senden Sie genau eines: einen Code Ihrer Authenticator-App, einen Passkey oder einen Wiederherstellungscode.',
      };
      return problem('invalid-fields', language, { detail });
    }
    const outcome = await completeSecondStep(
      { ticket, totp, recovery_code, assertion },
      Date.now(),
      request.headers.get('User-Agent'),
      async (given, accountId) =>
        is(given, AssertionStruct) &&
        (await (await passkeys()).verifyAssertion(given, 'second-factor', accountId, request)) !== null,
    );
    if (!outcome.ok) {
      return problem(outcome.problem, language, {
        detail: outcome.detail,
        ...(outcome.remainingAttempts === undefined ? {} : { remainingAttempts: outcome.remainingAttempts }),
      });
    }
    return noContent({ headers: { 'Set-Cookie': outcome.cookie } });
  }),

  route('v1.1 POST /login/passkey/options', async ({ request, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    return HttpResponse.json(await (await passkeys()).requestOptions('login', null, request));
  }),

  route('v1.1 POST /login/passkey', async ({ request, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const body = await readBody(request, PasskeyLoginPayload, language);
    if (!body.ok) return body.response;
    const account = await (await passkeys()).verifyAssertion(body.value.assertion, 'login', null, request);
    if (!account?.active) {
      return problem('passkey-refused', language, {
        detail: passkeyRefused,
      });
    }
    return noContent({ headers: { 'Set-Cookie': startSession(account.id, request.headers.get('User-Agent')) } });
  }),

  route('v1.1 POST /logout', ({ request, cookies, language }) => {
    if (!isFromPortal(request)) return notFromPortal(language);
    const headers = { 'Set-Cookie': clearSessionCookie };
    if (!endSession(cookies)) {
      const ended = sessionEnded(language);
      ended.headers.append('Set-Cookie', clearSessionCookie);
      return ended;
    }
    return noContent({ headers });
  }),

  route('v1.1 GET /company', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    return account ? answer(CompanyStruct, companyOf(account, findCompany(account.id))) : sessionEnded(language);
  }),

  route('v1.1 POST /edit/company', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, EditCompanyPayload, language);
      if (!body.ok) return body.response;
      if (changesPayment(account, body.value) && needsFreshSignIn(cookies)) return reauthRequired(language);
      const outcome = editCompany(account, body.value);
      if (outcome.ok) return noContent();
      const { problem: type, detail } = outcome.refusal;
      const field =
        type === 'postcode-country' ? 'pending_postcode' : type === 'mandate-missing' ? 'checkbox_iban' : 'iban';
      return problem(type, language, { detail, errors: [{ field, detail }] });
    }),
  ),

  route('v1.1 POST /contract/cancellation', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      const outcome = cancelContract(account, language);
      if (!outcome.ok) return problem(outcome.refusal.problem, language, { detail: outcome.refusal.detail });
      return Response.json({ contract_end_date: outcome.value });
    }),
  ),

  route('v1.1 GET /datastores', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    settleOperations(account.id);
    return Response.json(runningDatastores(account.id).map(datastoreOf));
  }),

  route('v1.1 POST /datastores', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, PurchasePayload, language);
      if (!body.ok) return body.response;
      const { identifier, product_id: productId } = body.value;
      settleOperations(account.id);
      const outcome = checkPurchase(account, identifier, String(productId), reservedIdentifiers(account.id));
      if (!outcome.ok) {
        const { problem: type, detail } = outcome.refusal;
        const errors = type === 'invalid-fields' ? [{ field: 'identifier', detail }] : undefined;
        return problem(type, language, { detail, ...(errors ? { errors } : {}) });
      }
      const operation = startPurchase(account, identifier, outcome.value, language);
      return Response.json(operationJson(operation), {
        status: 202,
        headers: { Location: operationPath(operation), 'Retry-After': '1' },
      });
    }),
  ),

  route('v1.1 GET /operations/{id}', ({ cookies, params, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    const operation = operationOf(account.id, params.id ?? '');
    if (!operation) {
      return problem('operation-unknown', language, {
        detail: {
          en: 'There is no such operation of this account, or it ended more than 24 hours ago.',
          de: 'Diesen Vorgang gibt es für dieses Konto nicht, oder er endete vor mehr als 24 Stunden.',
        },
      });
    }
    const over = operation.state === 'succeeded' || operation.state === 'failed';
    return Response.json(operationJson(operation), { headers: over ? {} : { 'Retry-After': '1' } });
  }),

  route('v1.1 GET /datastores/{name}', (info) => readDatastore(info, (row) => Response.json(datastoreOf(row)))),

  // Feature `usage-history` (issue 45): the space over a range, with the date it will be full.
  route('v1.1 GET /datastores/{name}/usage', (info) =>
    readDatastore(info, (row) => {
      const range = new URL(info.request.url).searchParams.get('range') ?? '';
      if (!isOneOf(usageRanges, range)) {
        return problem('invalid-fields', info.language, {
          errors: [
            {
              field: 'range',
              detail: { en: 'Choose day, week, month or year', de: 'Wählen Sie day, week, month oder year' },
            },
          ],
        });
      }
      return Response.json(usageHistory(scheduleOf(row), range, Date.now()));
    }),
  ),

  // Feature `backup-health` (issue 45): the last backup, verification, garbage collection, snapshots and tasks.
  route('v1.1 GET /datastores/{name}/health', (info) =>
    readDatastore(info, (row) => Response.json(backupHealth(scheduleOf(row), Date.now()))),
  ),

  // Feature `backup-health` in brief, for every running datastore of the account (the dashboard's cards).
  route('v1.1 GET /backup-health', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    settleOperations(account.id);
    const now = Date.now();
    return Response.json(
      schedulesOf(runningDatastores(account.id)).map((schedule) => backupHealthBrief(schedule, now)),
    );
  }),

  // Feature `alerts` (issue 45): what arose since the last look, newest first.
  route('v1.1 GET /alerts', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    settleOperations(account.id);
    lookForAlerts(account);
    return Response.json({ alerts: alertsOf(account.id) });
  }),

  route('v1.1 GET /alert-rules', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    return Response.json(rulesOf(account.id));
  }),

  route('v1.1 PUT /alert-rules', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, AlertRulesStruct, language);
      if (!body.ok) return body.response;
      // The first look before the change: what was so under the old rules is no news of the new.
      lookForAlerts(account);
      setRules(account.id, { ...body.value, recipients: body.value.recipients.map((to) => to.trim()) });
      lookForAlerts(account);
      return Response.json(rulesOf(account.id));
    }),
  ),

  route('v1.1 POST /datastores/{name}/cancellation', ({ request, cookies, params, language }) =>
    customerChange(request, cookies, language, (account) => {
      if (needsFreshSignIn(cookies)) return reauthRequired(language);
      if (findCompany(account.id)?.contract_end_date) {
        return problem('contract-cancelled', language, {
          detail: {
            en: 'Your contract is cancelled; its datastores end with it.',
            de: 'Ihr Vertrag ist gekündigt; seine Datastores enden mit ihm.',
          },
        });
      }
      const outcome = cancelDatastore(account, params.name ?? '', language);
      if (!outcome.ok) return problem(outcome.refusal.problem, language, { detail: outcome.refusal.detail });
      return Response.json(datastoreOf(outcome.value));
    }),
  ),

  route('v1.1 GET /licences', () => answer(CatalogueAnswer, catalogue())),

  route('v1.1 POST /licence/order', ({ request, cookies, language }) =>
    visitorChange(request, cookies, language, async () => {
      const body = await readBody(request, LicenceOrderPayload, language);
      if (!body.ok) return body.response;
      const outcome = orderLicence(body.value, language);
      if (outcome.ok) return noContent();
      const { problem: type, detail } = outcome.refusal;
      const field = type === 'postcode-country' ? 'postcode' : type === 'invalid-fields' ? 'cpu_count' : null;
      return problem(type, language, { detail, ...(field ? { errors: [{ field, detail }] } : {}) });
    }),
  ),

  route('v1.1 POST /contact', ({ request, cookies, language }) =>
    visitorChange(request, cookies, language, async () => {
      const body = await readBody(request, ContactPayload, language);
      if (!body.ok) return body.response;
      sendContactMessage(body.value, sessionAccount(cookies));
      return noContent();
    }),
  ),

  route('v1.1 PUT /language', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, LanguagePayload, language);
      if (!body.ok) return body.response;
      db.account.update({ where: { id: { equals: account.id } }, data: { language: body.value.language } });
      return noContent();
    }),
  ),

  route('v1.1 PUT /notifications', ({ request, cookies, language }) =>
    customerChange(request, cookies, language, async (account) => {
      const body = await readBody(request, NotificationsPayload, language);
      if (!body.ok) return body.response;
      db.account.update({ where: { id: { equals: account.id } }, data: { notifications: body.value.enabled } });
      return noContent();
    }),
  ),
];
