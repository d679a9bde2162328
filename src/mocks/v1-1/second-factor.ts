/**
 * The login's second step in the mock (issue 44, decision 058; feature `second-factor` of the v1.1
 * description): a correct password of an account with a confirmed factor gets a ticket instead of
 * a session, and the ticket with an authenticator's code or a recovery code gets the session.
 * Codes are checked by src/mocks/v1-1/totp.ts; recovery codes are kept only as hashes.
 */
import type { Bilingual } from '../language';
import { db, type AccountRow, type FactorRow } from '../db';
import { randomToken } from '../random';
import { startSession } from '../session';
import type { ProblemType } from './problems';
import { passkeyRefused } from './passkey-structs';
import { checkCode, newTotpSecret } from './totp';

/** How long a ticket waits for its second step (the description's `expires_in`). */
const TICKET_TTL_MS = 300_000;
/** Wrong codes one ticket takes; the last of them ends it. */
const WRONG_CODES_PER_TICKET = 5;
/** Recovery codes an account gets at a time. */
const RECOVERY_CODE_COUNT = 10;

type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** The login's answer for an account with a factor: `second_factor` of the description. */
export interface TicketOffer {
  ticket: string;
  methods: SecondFactorMethod[];
  expires_in: number;
}

export interface SecondStep {
  ticket: string;
  totp?: string;
  recovery_code?: string;
  /** A passkey's assertion, checked by the caller's `verifyPasskey` (it needs the request). */
  assertion?: unknown;
}

/** Checks a passkey's assertion for the second step of the account's login. */
export type PasskeyCheck = (assertion: unknown, accountId: string) => Promise<boolean>;

export type SecondStepOutcome =
  | { ok: true; account: AccountRow; cookie: string }
  | { ok: false; problem: ProblemType; detail: Bilingual; remainingAttempts?: number };

const where = (accountId: string) => ({ accountId: { equals: accountId } });

/** The account's factors that protect it (an authenticator counts once its first code came). */
export function confirmedFactorsOf(accountId: string): FactorRow[] {
  return db.factor.findMany({ where: { ...where(accountId), confirmed: { equals: true } } });
}

export function hasSecondFactor(accountId: string): boolean {
  return confirmedFactorsOf(accountId).length > 0;
}

/** A ticket for the second step of `account`'s login, with the methods the account can answer by. */
export function issueTicket(accountId: string, now = Date.now()): TicketOffer {
  const ticket = randomToken(32);
  db.loginTicket.create({ ticket, accountId, expires: now + TICKET_TTL_MS, wrong: 0 });
  const methods: SecondFactorMethod[] = [];
  const factors = confirmedFactorsOf(accountId);
  if (factors.some((factor) => factor.type === 'totp')) methods.push('totp');
  if (factors.some((factor) => factor.type === 'passkey')) methods.push('passkey');
  if (db.recoveryCode.findFirst({ where: { ...where(accountId), used: { equals: false } } })) methods.push('recovery');
  return { ticket, methods, expires_in: TICKET_TTL_MS / 1000 };
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalised(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Letters and digits that cannot be mistaken for each other on paper (no i, l, o, 0, 1). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Eight characters from the alphabet without bias (bytes past its last whole multiple are drawn again). */
function recoveryCode(): string {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let characters = '';
  while (characters.length < 8) {
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) {
      if (byte < limit && characters.length < 8) characters += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/** Ten new recovery codes for the account, which replace its old ones; returned once, kept as hashes. */
export async function newRecoveryCodes(accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((code) => sha256(normalised(code))));
  db.recoveryCode.deleteMany({ where: where(accountId) });
  for (const hash of hashes) db.recoveryCode.create({ accountId, hash, used: false });
  return codes;
}

/** An authenticator app for the account, with a new secret; confirmed, it protects the account at once. */
export function addAuthenticator(accountId: string, name: string, confirmed: boolean): FactorRow {
  return db.factor.create({ accountId, type: 'totp', name, secret: newTotpSecret(), confirmed, lastStep: null });
}

const ticketEnded: Bilingual = {
  en: 'Your sign-in has expired. Please enter your password again.',
  de: 'Ihre Anmeldung ist abgelaufen. Bitte geben Sie Ihr Passwort erneut ein.',
};

function wrongCode(ticket: string, wrongSoFar: number): SecondStepOutcome {
  const wrong = wrongSoFar + 1;
  if (wrong >= WRONG_CODES_PER_TICKET) {
    db.loginTicket.delete({ where: { ticket: { equals: ticket } } });
    return { ok: false, problem: 'ticket-expired', detail: ticketEnded };
  }
  db.loginTicket.update({ where: { ticket: { equals: ticket } }, data: { wrong } });
  const remainingAttempts = WRONG_CODES_PER_TICKET - wrong;
  return {
    ok: false,
    problem: 'invalid-code',
    remainingAttempts,
    detail: {
      en: `The code is wrong or has expired. ${remainingAttempts} attempts left.`,
      de: `Der Code ist falsch oder abgelaufen. Noch ${remainingAttempts} Versuche.`,
    },
  };
}

/** Checks an authenticator's code against the account's authenticators; the one that takes it is used. */
export function takeTotp(accountId: string, code: string, now: number): 'taken' | 'wrong' | 'used' {
  let used = false;
  for (const factor of confirmedFactorsOf(accountId).filter((candidate) => candidate.type === 'totp')) {
    const verdict = checkCode(factor.secret, code, now, factor.lastStep);
    if (verdict.accepted) {
      db.factor.update({ where: { id: { equals: factor.id } }, data: { lastStep: verdict.step, lastUsed: now } });
      return 'taken';
    }
    if (verdict.why === 'used') used = true;
  }
  return used ? 'used' : 'wrong';
}

export async function takeRecoveryCode(accountId: string, code: string): Promise<boolean> {
  const hash = await sha256(normalised(code));
  const stored = db.recoveryCode.findFirst({
    where: { ...where(accountId), hash: { equals: hash }, used: { equals: false } },
  });
  if (!stored) return false;
  db.recoveryCode.update({ where: { id: { equals: stored.id } }, data: { used: true } });
  return true;
}

/** The second step: the ticket with a code; a session when the code is taken. */
export async function completeSecondStep(
  step: SecondStep,
  now = Date.now(),
  userAgent: string | null = null,
  verifyPasskey: PasskeyCheck = () => Promise.resolve(false),
): Promise<SecondStepOutcome> {
  const ticket = db.loginTicket.findFirst({ where: { ticket: { equals: step.ticket } } });
  const account = ticket && db.account.findFirst({ where: { id: { equals: ticket.accountId } } });
  if (!ticket || !account || ticket.expires <= now) {
    if (ticket) db.loginTicket.delete({ where: { ticket: { equals: ticket.ticket } } });
    return { ok: false, problem: 'ticket-expired', detail: ticketEnded };
  }
  if (step.totp !== undefined) {
    const taken = takeTotp(account.id, step.totp, now);
    if (taken === 'used') {
      return {
        ok: false,
        problem: 'code-already-used',
        detail: {
          en: 'This code has been used already. Please wait for the next one.',
          de: 'Dieser Code wurde bereits verwendet. Bitte warten Sie auf den nächsten.',
        },
      };
    }
    if (taken === 'wrong') return wrongCode(ticket.ticket, ticket.wrong);
  } else if (step.assertion !== undefined) {
    if (!(await verifyPasskey(step.assertion, account.id))) {
      return {
        ok: false,
        problem: 'passkey-refused',
        detail: passkeyRefused,
      };
    }
  } else if (step.recovery_code === undefined || !(await takeRecoveryCode(account.id, step.recovery_code))) {
    return wrongCode(ticket.ticket, ticket.wrong);
  }
  db.loginTicket.delete({ where: { ticket: { equals: ticket.ticket } } });
  return { ok: true, account, cookie: startSession(account.id, userAgent) };
}
