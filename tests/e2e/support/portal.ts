/**
 * Helpers for the reliability journeys (fault matrix, XSS, secrets, concurrency):
 * the translations as the page shows them, opening a page in a chosen language with or without
 * a session, and the mock's controls.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, type BrowserContext, type Page } from '@playwright/test';
import { isMockCall } from '../../../src/mocks/calls';
import { SLOW_FAULT_MS } from '../../../src/mocks/fault-kinds';

export type Language = 'en' | 'de';

import type { FaultKind } from '../../../src/mocks/fault-kinds';

export { faultKinds, type FaultKind } from '../../../src/mocks/fault-kinds';

const catalogues: Record<Language, Record<string, string>> = {
  en: JSON.parse(readFileSync(resolve('translations/en.json'), 'utf8')) as Record<string, string>,
  de: JSON.parse(readFileSync(resolve('translations/de.json'), 'utf8')) as Record<string, string>,
};

/** The text of a message in a language, exactly as translations/*.json has it. */
export function text(language: Language, id: string): string {
  const value = catalogues[language][id];
  if (value === undefined) throw new Error(`No ${language} translation for ${id}`);
  return value;
}

export const seedPassword = 'Demo-Password-2026';

/** The required checkbox of the terms at registration and licence order (decision 032), in either language. */
export const termsCheckbox = /terms and conditions|Allgemeinen Geschäftsbedingungen/;

/** What a page of the portal's origin keeps between loads: its cookies and its localStorage. */
interface PreparedStorage {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  localStorage: [string, string][];
}

/**
 * The API the demo's mock speaks in the journeys: `E2E_MOCK_API_VERSION` ("v1" or "v1.1"), else the
 * mock's own default (v1.1). `E2E_MOCK_API_VERSION=v1 npm run test:e2e -- --project=demo` runs every
 * journey against a server that knows only v1 (issue 43).
 */
export const journeyApiVersion = ((value: string | undefined): 'v1' | 'v1.1' | undefined => {
  if (value === undefined || value === '' || value === 'v1' || value === 'v1.1') return value || undefined;
  throw new Error(`E2E_MOCK_API_VERSION must be v1 or v1.1, not ${value}`);
})(process.env.E2E_MOCK_API_VERSION);

/**
 * v1's calls that the portal sends in v1.1 instead where the server offers it (src/api/*.ts): a
 * fault set on one of them is met only by a server that knows only v1, so the mock speaks v1 for it.
 */
const sentInV11Instead: readonly string[] = [
  'GET /product/pbs/{datastoreIdentifier}/{productId}',
  'GET /datastore/cancel/{name}',
  'GET /contract/cancel',
  'GET /notifications/{true|false}',
  'POST /licence/order',
  'GET /logout',
  // Where the server offers second factors (decision 058).
  'POST /edit/company',
];

/**
 * The API the mock must speak for a fault on `call` to be met (undefined: the journey's): v1 for the
 * calls above, v1.1 for a call of v1.1 alone (a journey on v1 would never make it).
 */
export function versionFor(call: string): 'v1' | 'v1.1' | undefined {
  if (call.startsWith('v1.1 ')) return 'v1.1';
  return sentInV11Instead.includes(call) ? 'v1' : undefined;
}

/** The localStorage key of the mock's database (src/mocks/persistence.ts, which needs Vite's settings). */
const MOCK_STORAGE_KEY = 'portal-mock-db';

/** Per worker: the storage of a fresh mock database with no latency, by the customer logged in and the language. */
const preparedStorage = new Map<string, Promise<PreparedStorage>>();

/**
 * The storage a page needs to open with a fresh mock database and no latency, with `email` logged
 * in through the mock API: made once per worker and customer in a context of its own (two page
 * loads and a login), then copied into each test's page before it loads.
 */
function storageFor(page: Page, email: string | undefined, language: Language): Promise<PreparedStorage> {
  const key = `${email ?? ''} ${language}`;
  let prepared = preparedStorage.get(key);
  if (!prepared) {
    prepared = prepareStorage(page, email, language);
    preparedStorage.set(key, prepared);
  }
  return prepared;
}

async function prepareStorage(page: Page, email: string | undefined, language: Language): Promise<PreparedStorage> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser to prepare a mock database in');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const preparing = await context.newPage();
    await preparing.goto('/');
    await mockStarted(preparing);
    await preparing.evaluate((version) => {
      window.__portalMock.reset();
      window.__portalMock.setLatency(0);
      if (version) window.__portalMock.setApiVersion(version);
    }, journeyApiVersion);
    // The login carries the language, which the mock keeps for the customer's mails.
    if (email !== undefined) await login(preparing, email, language);
    const origin = new URL(preparing.url()).origin;
    const state = await context.storageState();
    const stored = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    return { cookies: state.cookies, localStorage: stored.map(({ name, value }) => [name, value]) };
  } finally {
    await context.close();
  }
}

/** The mock's database with a fault on `call` set, as `window.__portalMock.fault` would keep it. */
function withFault(stored: [string, string][], call: string, kind: FaultKind): [string, string][] {
  if (!isMockCall(call)) throw new Error(`The mock has no call ${call}`);
  const fault = { call, kind, remaining: null, ...(kind === 'slow' ? { ms: SLOW_FAULT_MS } : {}) };
  return changedSnapshot(stored, (snapshot) => ({
    ...snapshot,
    apiVersion: versionFor(call) ?? snapshot.apiVersion,
    faults: [...(snapshot.faults ?? []), fault],
  }));
}

/** The mock's database speaking `apiVersion`, as `window.__portalMock.setApiVersion` would keep it. */
function withApiVersion(stored: [string, string][], apiVersion: 'v1' | 'v1.1'): [string, string][] {
  return changedSnapshot(stored, (snapshot) => ({ ...snapshot, apiVersion }));
}

type Snapshot = { faults?: unknown[]; apiVersion?: string; models?: { session?: Record<string, unknown>[] } };

/**
 * The prepared login as one made just now: a worker's storage may be minutes old, and a risky
 * change asks for a fresh sign-in after five (the journeys of the fresh sign-in make it stale).
 */
function signedInNow(stored: [string, string][]): [string, string][] {
  const now = Date.now();
  return changedSnapshot(stored, (snapshot) => ({
    ...snapshot,
    ...(snapshot.models
      ? {
          models: {
            ...snapshot.models,
            session: (snapshot.models.session ?? []).map((row) => ({ ...row, created: now, lastSeen: now })),
          },
        }
      : {}),
  }));
}

function changedSnapshot(stored: [string, string][], change: (snapshot: Snapshot) => Snapshot): [string, string][] {
  return stored.map(([name, value]) =>
    name === MOCK_STORAGE_KEY ? [name, JSON.stringify(change(JSON.parse(value) as Snapshot))] : [name, value],
  );
}

interface OpenOptions {
  language?: Language;
  email?: string;
  /** A fault on a call the page makes while it opens. */
  fault?: { call: string; kind: FaultKind };
  /**
   * The API the mock speaks from the page's first request: a page may ask which API the server
   * speaks while it opens (the company page does), and the portal keeps the answer for the session.
   */
  apiVersion?: 'v1' | 'v1.1';
}

/**
 * Opens `path` from a fresh mock database with no latency, in one page load: the prepared storage
 * (with `email` logged in through the mock API, and the fault of a call made while the page opens)
 * is written by a script that runs before the page's own and is removed once the page has loaded.
 * With a `language`, the browser session holds it, and the logged-in flag as the session would.
 */
export async function openPrepared(page: Page, path: string, options: OpenOptions) {
  const prepared = await storageFor(page, options.email, options.language ?? 'en');
  const { fault, apiVersion } = options;
  const faulty = fault ? withFault(prepared.localStorage, fault.call, fault.kind) : prepared.localStorage;
  const stored = signedInNow(apiVersion ? withApiVersion(faulty, apiVersion) : faulty);
  const session: [string, string][] =
    options.language === undefined
      ? []
      : [
          ['portal.language', options.language],
          ['portal.loggedIn', String(options.email !== undefined)],
        ];
  if (prepared.cookies.length > 0) await page.context().addCookies(prepared.cookies);
  const origin = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  const script = await page.addInitScript(
    ({ origin, stored, session }) => {
      if (window.location.origin !== origin || window !== window.top) return;
      localStorage.clear();
      for (const [name, value] of stored) localStorage.setItem(name, value);
      sessionStorage.clear();
      for (const [name, value] of session) sessionStorage.setItem(name, value);
    },
    { origin, stored, session },
  );
  try {
    await page.goto(path);
  } finally {
    await script.dispose();
  }
}

/**
 * Opens `path` in `language` from a fresh mock database with no latency; with `email`, the
 * customer is logged in through the mock API (the login form has its own journeys).
 */
export async function openAs(page: Page, path: string, options: OpenOptions & { language: Language }) {
  await openPrepared(page, path, options);
  await mockStarted(page);
}

/**
 * The mock's controls exist before its service worker runs; the operator panel is mounted once
 * the worker answers requests.
 */
export async function mockStarted(page: Page) {
  await page.waitForFunction(
    () => typeof window.__portalMock !== 'undefined' && document.getElementById('portal-mock-operator') !== null,
  );
}

/** Logs in through the mock API and keeps the logged-in flag as the session would. */
async function login(page: Page, email: string, language: Language) {
  await page.evaluate(
    async ({ email, password, language }) => {
      const response = await fetch('/api/v1/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, language }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status}`);
      sessionStorage.setItem('portal.loggedIn', 'true');
    },
    { email, password: seedPassword, language },
  );
}

/** Sets a fault on a call until the mock is reset (the mock keeps it across reloads). */
export async function setFault(
  page: Page,
  call: string,
  kind: FaultKind,
  options: { ms?: number; times?: number } = {},
) {
  await page.evaluate(
    ([key, fault, faultOptions, version]) => {
      // The portal keeps the API the server speaks for the session, and a page may ask while it
      // opens: a fault that needs another API opens the page with it (`openAs`'s `apiVersion`).
      if (version && window.__portalMock.apiVersion() !== version)
        throw new Error(`A fault on ${key} needs the mock on ${version} from the page's opening`);
      // The call keys and kinds are checked by the mock itself, which throws on unknown ones.
      window.__portalMock.fault(
        key as Parameters<typeof window.__portalMock.fault>[0],
        fault as Parameters<typeof window.__portalMock.fault>[1],
        faultOptions,
      );
    },
    [call, kind, options, versionFor(call)] as const,
  );
}

/** The logged-in flag the session keeps in the browser session (SPEC §3). */
export async function storedLoggedIn(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('portal.loggedIn'));
}

/** Fills the shop's order form of a visitor (SPEC §5) with one buyer, in English, and sends it. */
export async function placeVisitorOrder(page: Page) {
  await fillVisitorOrder(page);
  await page.getByRole('button', { name: 'Order and pay' }).click();
}

/** Fills the shop's order form as a visitor and accepts the terms, without sending it. */
export async function fillVisitorOrder(page: Page) {
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@example.org');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Käufer GmbH');
  await page.getByRole('textbox', { name: 'First name' }).fill('Karl');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Käufer');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Marktplatz 2');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('80331');
  await page.getByRole('textbox', { name: 'City' }).fill('München');
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
}

/**
 * Records the API calls the page makes, named as the mock names them (`POST /contact` in v1,
 * `v1.1 POST /licence/order` in v1.1), with the Idempotency-Key each was sent with.
 */
export function recordCalls(page: Page) {
  const calls: { call: string; key: string | undefined }[] = [];
  page.on('request', (request) => {
    const [, version, path] = /^\/api\/(v1\.1|v1)(\/.*)$/.exec(new URL(request.url()).pathname) ?? [];
    if (path)
      calls.push({
        call: `${version === 'v1.1' ? 'v1.1 ' : ''}${request.method()} ${path}`,
        key: request.headers()['idempotency-key'],
      });
  });
  /** The requests of one call, in the order they were sent. */
  const of = (call: string) => calls.filter((made) => made.call === call);
  return { of, count: (call: string) => of(call).length };
}
