/**
 * The mock in the browser (dev and demo builds): a service worker with every handler, the
 * database kept in localStorage, realistic latency, `window.__portalMock` and the operator
 * panel. main.tsx imports this module dynamically, and only when VITE_MOCK_API is 'true'.
 *
 * `window.__portalMock` appears only once the worker answers this page: tests and scripts wait
 * for it and then call the API at once, and a call made before the worker runs would reach the
 * development server (a 404) instead of the mock.
 */
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from '../config';
import { onMockChange } from './changes';
import { createMockControls, type MockControls } from './controls';
import { setLatency, type Latency } from './faults';
import { handlers } from './handlers';
import { inLanguage, requestLanguage } from './language';
import { restoreDatabase, saveDatabase } from './persistence';
import { refuse } from './respond';

declare global {
  interface Window {
    /** The mock's controls; present once the mock's service worker answers this page (dev and demo builds). */
    __portalMock: MockControls;
    /** Trusted Types (Chromium), which TypeScript's DOM library does not describe yet. */
    trustedTypes?: TrustedTypePolicyFactoryLike;
  }
}

/** Like a real server across the internet: 200 to 600 ms per answer. */
const REALISTIC_LATENCY: Latency = { min: 200, max: 600 };

/** A real server answers unknown API paths with 404 instead of letting them through. */
const unknownCall = http.all(`${config.apiBaseUrl.replace(/\/$/, '')}/*`, ({ request }) =>
  refuse(
    404,
    inLanguage(requestLanguage(request), {
      en: 'There is no such API call',
      de: 'Diesen Aufruf gibt es in der API nicht',
    }),
  ),
);

let started: Promise<void> | null = null;

const workerUrl = `${import.meta.env.BASE_URL}mockServiceWorker.js`;

/**
 * MSW asks the browser to update a worker it finds registered and does not wait for the answer
 * (msw/src/browser/utils/get-worker-instance.ts, mswjs/msw#2006). Chromium rejects that update with
 * "Not found" when the page loads while the registration made by the page before is still being
 * stored, or when the page is left before the update settles: a rejection nobody handles, which the
 * browser reports as the page's error. The worker in use keeps answering either way, so the update
 * of the mock's own worker gets a handler where it is made; the promise MSW gets is the same.
 */
function ignoreFailedWorkerUpdates(): void {
  if (typeof ServiceWorkerRegistration === 'undefined') return;
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function updateHandled(this: ServiceWorkerRegistration) {
    const updated = update.call(this);
    const script = (this.active ?? this.waiting ?? this.installing)?.scriptURL ?? '';
    if (new URL(script, window.location.href).pathname === workerUrl) updated.catch(() => undefined);
    return updated;
  };
}

/**
 * The demo is served with Trusted Types required (deploy/nginx/demo-security-headers.conf, decision
 * 045), and MSW registers its worker with a plain string, which the browser then refuses. The page's
 * default policy lets exactly that one address through, and nothing else: any other string reaching
 * a script sink is still refused. The production bundle has no mock and allows no policy at all.
 */
function allowMockWorkerScript(): void {
  const { trustedTypes } = window;
  if (!trustedTypes || trustedTypes.defaultPolicy) return;
  const allowed = new URL(workerUrl, window.location.href).href;
  trustedTypes.createPolicy('default', {
    createScriptURL: (url: string) => (new URL(url, window.location.href).href === allowed ? url : null),
  });
}

/** What this file needs of the Trusted Types API (not in TypeScript's DOM library yet). */
interface TrustedTypePolicyFactoryLike {
  readonly defaultPolicy: unknown;
  createPolicy(name: string, rules: { createScriptURL: (url: string) => string | null }): unknown;
}

async function mountPanel(controls: MockControls): Promise<void> {
  const { OperatorPanel } = await import('./operator-panel');
  const container = document.createElement('div');
  container.id = 'portal-mock-operator';
  document.body.append(container);
  createRoot(container).render(createElement(OperatorPanel, { controls }));
}

async function start(): Promise<void> {
  const controls = createMockControls({ latency: REALISTIC_LATENCY });
  setLatency(REALISTIC_LATENCY);
  restoreDatabase();
  // Every mutating call and every operator action is saved at once.
  onMockChange(() => saveDatabase());
  saveDatabase();

  ignoreFailedWorkerUpdates();
  allowMockWorkerScript();
  const worker = setupWorker(...handlers, unknownCall);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: workerUrl },
  });
  // Only now: whoever sees the controls may call the API right away.
  window.__portalMock = controls;
  await mountPanel(controls);
}

/** Starts the mock once; later calls wait for the same start. */
export function startMock(): Promise<void> {
  started ??= start();
  return started;
}
