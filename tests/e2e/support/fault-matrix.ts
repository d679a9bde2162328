/**
 * The runner of the fault matrix (decision 013): one test per call of SPEC §7 and fault kind
 * of the mock. Each test opens the call's real screen in the call's language, fills its form,
 * sets the fault and makes the call, then checks what the customer sees. The tests carry a
 * `fault-cell` annotation that tests/e2e/support/fault-matrix-reporter.ts turns into the matrix.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { timers } from '../../../src/domain/constants';
import { isMutatingCall, type MockCall } from '../../../src/mocks/calls';
import { SLOW_FAULT_MS } from '../../../src/mocks/fault-kinds';
import { expect, test as journey } from '../fixtures';
import { journeyApiTimeoutMs } from './api-timeout';
import {
  faultKinds,
  openAs,
  setFault,
  storedLoggedIn,
  text,
  versionFor,
  type FaultKind,
  type Language,
} from './portal';

export type Say = (id: string) => string;

export interface FaultScenario {
  call: MockCall;
  language: Language;
  /** The customer logged in for the screen; without one the call is public. */
  email?: string;
  path: string;
  /** Calls made when the screen opens: the fault is set before it opens. */
  loadsOnOpen?: boolean;
  /** Called with the page before the screen opens, e.g. to follow a call that shows nothing when it fails. */
  watch?: (page: Page) => void;
  /** Fills the form once the screen is shown. */
  prepare?: (page: Page, say: Say) => Promise<void>;
  /** Makes the call (not needed for calls made on opening). */
  trigger?: (page: Page, say: Say) => Promise<void>;
  /** Inputs that must keep what was typed: each with its value. */
  kept?: (page: Page, say: Say) => [Locator, string][];
  /** The button that is busy during the call and must be usable again afterwards. */
  busy?: (page: Page, say: Say) => Locator;
  /** The message id shown for a failure; by kind, with defaults below. */
  messages?: Partial<Record<FaultKind, string>>;
  /** What the customer sees when the call succeeds (the `slow` fault). */
  succeeded: (page: Page, say: Say) => Promise<void>;
  /**
   * A form's call: a 401 asks for the login in place over the form, which keeps what was typed
   * (docs/decisions/027), instead of ending on /login.
   */
  loginInPlace?: boolean;
  /**
   * A change of v1.1 sent with an Idempotency-Key: the client sends it again while no answer comes
   * (src/api/v1-1/request.ts), a broken connection included, so that a `network` too ends only with
   * the screen's loading timeout, which the runner jumps past as for a `timeout`.
   */
  resentUnanswered?: boolean;
  /** Other outcomes than a message on the screen, by kind (e.g. malformed on a body-less call). */
  outcomes?: Partial<Record<FaultKind, (page: Page, say: Say) => Promise<void>>>;
}

const defaultMessages: Record<Exclude<FaultKind, 'slow'>, string> = {
  http500: 'error.general',
  // Only for public calls (a logged-in call's 401 ends the session): there is no session to end.
  http401: 'error.general',
  network: 'error.network',
  timeout: 'error.timeout',
  malformed: 'error.invalidAnswer',
};

/** A failure that a section of a page shows in place, with its reason and a retry. */
export type SectionFailure = Exclude<FaultKind, 'http401' | 'slow'>;
export const sectionFailures: readonly SectionFailure[] = ['http500', 'network', 'timeout', 'malformed'];

/** The message of each such failure (decision 013, point 2). */
export const failureMessages: Record<SectionFailure, string> = {
  http500: 'error.general',
  network: 'error.network',
  timeout: 'error.timeout',
  malformed: 'error.invalidAnswer',
};

/** How long its message may take: a `timeout` shows it once the client gives up (./api-timeout.ts). */
export const failureWait = (kind: SectionFailure) => ({ timeout: kind === 'timeout' ? timeoutMessageWaitMs : 7_000 });

/** No blank page and no error boundary: a heading of the page is shown. */
async function expectPageShown(page: Page, say: Say) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(say('crash.title'))).toHaveCount(0);
}

/** SPEC §4: a 401 on a logged-in call ends the session and shows /login, which leads back (decision 027). */
export async function expectLoggedOut(page: Page, say: Say) {
  await expect(page).toHaveURL(/\/login(\/[^/?]*)?(\?next=%2F[\w%-]+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: say('login.title') })).toBeVisible();
  expect(await storedLoggedIn(page)).toBe('false');
}

/** Decision 027: a 401 on a form's call opens the login dialog over the form, which keeps its values. */
async function expectLoginInPlace(page: Page, say: Say, scenario: FaultScenario) {
  await expect(page.getByRole('dialog', { name: say('relogin.title') })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === scenario.path);
  for (const [input, value] of scenario.kept?.(page, say) ?? []) await expect(input).toHaveValue(value);
  expect(await storedLoggedIn(page)).toBe('false');
}

/**
 * How long a `timeout` fault's message may take: the usual 7 s counted from when the client gives
 * up. Counted from the page's opening, a loaded CI machine once missed it: GET /me starts as the
 * page opens and is given up 5.1 s later, so that the message came with only 1.5 s to spare on an
 * idle machine.
 */
const timeoutMessageWaitMs = journeyApiTimeoutMs + 7_000;

/**
 * How long a `slow` fault's success may take: the answer's own wait and the usual 7 s after it.
 * Counted from the click, a loaded CI machine once missed the 7 s of the login's cell (the page
 * may still be starting when the form is sent: it then waits for the app before the call).
 */
const slowSuccessWaitMs = SLOW_FAULT_MS + 7_000;

/**
 * A slow answer ends in the call's success. The check is retried until the slow answer's wait is
 * over; when it still fails, the error names what the screen's alerts said, which is what tells a
 * late success from a failed call.
 */
async function expectSucceeded(page: Page, say: Say, scenario: FaultScenario) {
  try {
    await expect(async () => scenario.succeeded(page, say)).toPass({ timeout: slowSuccessWaitMs });
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts();
    const shown = alerts.map((line) => line.trim()).filter((line) => line !== '');
    throw new Error(`The slow answer did not end in success; the screen's alerts: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

async function expectFailureShown(page: Page, say: Say, scenario: FaultScenario, kind: Exclude<FaultKind, 'slow'>) {
  const id = scenario.messages?.[kind] ?? defaultMessages[kind];
  await expect(page.getByText(say(id)).first()).toBeVisible(
    kind === 'timeout' ? { timeout: timeoutMessageWaitMs } : {},
  );
  for (const [input, value] of scenario.kept?.(page, say) ?? []) await expect(input).toHaveValue(value);
  if (scenario.busy) await expect(scenario.busy(page, say)).toBeEnabled();
}

/**
 * Calls that change something are not given up by the client: the screen's 120 s loading timeout
 * ends their wait (docs/decisions/026). The login and the logout keep the reads' limit.
 */
function waitsForLoadingTimeout(call: MockCall): boolean {
  return isMutatingCall(call) && call !== 'POST /login' && call !== 'GET /logout';
}

/** The cells that wait for the loading timeout: the page's clock jumps past it. */
function jumpsPastLoadingTimeout(scenario: FaultScenario, kind: FaultKind): boolean {
  if (!waitsForLoadingTimeout(scenario.call)) return false;
  return kind === 'timeout' || (kind === 'network' && scenario.resentUnanswered === true);
}

async function runCell(page: Page, scenario: FaultScenario, kind: FaultKind) {
  const say: Say = (id) => text(scenario.language, id);
  // A call that never answers, or is sent again until the screen gives up: the page's clock jumps past
  // the loading timeout instead of waiting 2 minutes.
  const jumpPastLoadingTimeout = jumpsPastLoadingTimeout(scenario, kind);
  if (jumpPastLoadingTimeout) await page.clock.install();
  scenario.watch?.(page);
  if (scenario.loadsOnOpen) {
    await openAs(page, scenario.path, {
      language: scenario.language,
      email: scenario.email,
      fault: { call: scenario.call, kind },
    });
  } else {
    // The mock speaks the API the fault needs from the start: the page may ask which one it speaks
    // while it opens, and the portal keeps the answer.
    const apiVersion = versionFor(scenario.call);
    await openAs(page, scenario.path, { language: scenario.language, email: scenario.email, apiVersion });
    await expectPageShown(page, say);
    await scenario.prepare?.(page, say);
    await setFault(page, scenario.call, kind);
    await scenario.trigger?.(page, say);
    if (jumpPastLoadingTimeout) await page.clock.fastForward(timers.loadingTimeout + 1_000);
  }
  const outcome = scenario.outcomes?.[kind];
  if (outcome) await outcome(page, say);
  else if (kind === 'slow') await expectSucceeded(page, say, scenario);
  else if (kind === 'http401' && scenario.email !== undefined) {
    await (scenario.loginInPlace ? expectLoginInPlace(page, say, scenario) : expectLoggedOut(page, say));
  } else await expectFailureShown(page, say, scenario, kind);
  await expectPageShown(page, say);
}

/**
 * The browser context of a cell. A new context costs a page a second of both cores (a renderer
 * process, the mock's service worker installed anew, every script compiled again): two fifths of
 * a cell. So the cells of a worker open their pages one after another in one context, in which
 * nothing a cell leaves behind reaches the next: its page is closed, its cookies cleared, and
 * `openAs` writes the whole localStorage before the page's own scripts run (sessionStorage is the
 * tab's own). A cell that installs the page's clock gets a context of its own, since a clock stays
 * installed in the context it was installed in.
 */
async function cellPage(browser: Browser, options: BrowserContextOptions, shared: BrowserContext | null) {
  const context = shared ?? (await browser.newContext(options));
  const page = await context.newPage();
  return {
    page,
    async close() {
      await page.close();
      if (shared) await shared.clearCookies();
      else await context.close();
    },
  };
}

/** The options of the project's contexts that a cell's context needs. */
function contextOptions(use: BrowserContextOptions): BrowserContextOptions {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, screen } = use;
  return { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, screen };
}

const test = journey.extend<{ ownContext: boolean }, { cellContext: BrowserContext }>({
  ownContext: [false, { option: true }],
  cellContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext(contextOptions(workerInfo.project.use));
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: [
    async ({ browser, ownContext, cellContext }, use, testInfo) => {
      const cell = await cellPage(browser, contextOptions(testInfo.project.use), ownContext ? null : cellContext);
      await use(cell.page);
      await cell.close();
    },
    { scope: 'test' },
  ],
});

/** Declares the six tests of one call. */
export function describeFaults(scenario: FaultScenario) {
  test.describe(`${scenario.call} (${scenario.language})`, () => {
    for (const kind of faultKinds) {
      const declare = () =>
        test(
          `${scenario.call} survives a ${kind} answer on its screen`,
          {
            annotation: { type: 'fault-cell', description: `${scenario.call}|${kind}` },
          },
          async ({ page }) => {
            // A `timeout` of a read waits out the client's timeout (tests/e2e/support/api-timeout.ts);
            // one of a call that changes something jumps the clock instead.
            test.setTimeout(40_000);
            await runCell(page, scenario, kind);
          },
        );
      if (jumpsPastLoadingTimeout(scenario, kind)) {
        test.describe(() => {
          test.use({ ownContext: true });
          declare();
        });
      } else declare();
    }
  });
}

type Outcome = (page: Page, say: Say) => Promise<void>;

/** The same outcome for several fault kinds. */
export function outcomesFor(kinds: readonly FaultKind[], outcome: Outcome): Partial<Record<FaultKind, Outcome>> {
  return Object.fromEntries(kinds.map((kind) => [kind, outcome]));
}
