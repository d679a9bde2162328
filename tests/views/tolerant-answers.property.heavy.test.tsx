/**
 * Tolerant reading (CONVENTIONS, decision 019), property-based: every answer the screens render,
 * taken from the mock's seed, with its non-essential fields randomly kept, dropped or null and
 * unknown fields added, is served through MSW and rendered on the pages that show it. None may
 * end on the error boundary's page or on the invalid-answer message, and none may log an error.
 *
 * Each case renders the whole app, so these properties run 200 cases each (not the 3000 of
 * vitest.setup.ts).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me } from '../../src/api/auth';
import { apiUrl } from '../../src/api/client';
import { getCompany } from '../../src/api/company';
import { getStatus } from '../../src/api/datastores';
import { getCatalogue } from '../../src/api/licences';
import { server } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

// Each case renders whole pages: 200 cases a property in CI, fewer in the change-test loop.
const runs = { numRuns: process.env.CI ? 200 : 15 };
const timeout = 600_000;
const wait = { timeout: 10_000 };

type Answer = Record<string, unknown>;

// The pages' code is loaded once up front, so that no case races a lazy route's first transform.
beforeAll(async () => {
  await Promise.all([
    import('../../src/views/dashboard/dashboard-page'),
    import('../../src/views/tutorial/tutorial-page'),
    import('../../src/views/company/company-page'),
    import('../../src/views/notifications/notifications-page'),
    import('../../src/views/contact/contact-page'),
    import('../../src/views/shop/shop-page'),
  ]);
});

/** The customer whose real answers seed the variants: datastores on both rates, a company, products. */
let customer: Customer;

beforeEach(async () => {
  customer = createCustomer({ datastores: [aDatastore('backup'), aDatastore('archive', { volume: 0 })] });
  await loginAs(customer);
});

/** Unknown fields a later server might add: names the portal does not read, with any JSON value. */
function unknownFields(known: readonly string[]): fc.Arbitrary<Answer> {
  const name = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !known.includes(key) && key !== '__proto__');
  return fc.dictionary(name, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
}

/**
 * A variant of a valid answer: the essential fields as they are, each other field kept (or
 * replaced by its own variant, `nested`), dropped or null, and unknown fields added.
 */
function tolerantVariant(
  base: Answer,
  essential: readonly string[],
  nested: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Answer> {
  const optional = Object.keys(base).filter((key) => !essential.includes(key));
  return fc
    .record({
      fates: fc.tuple(...optional.map(() => fc.constantFrom('keep', 'drop', 'null'))),
      values: fc.record(nested),
      extra: unknownFields(Object.keys(base)),
    })
    .map(({ fates, values, extra }) => {
      const answer: Answer = { ...extra };
      for (const key of essential) answer[key] = base[key];
      optional.forEach((key, index) => {
        if (fates[index] === 'keep') answer[key] = key in values ? values[key] : base[key];
        if (fates[index] === 'null') answer[key] = null;
      });
      return answer;
    });
}

/** A list whose every entry is a variant of the seed's entry. */
function variants(
  entries: readonly Answer[],
  variant: (entry: Answer) => fc.Arbitrary<Answer>,
): fc.Arbitrary<Answer[]> {
  return fc.tuple(...entries.map(variant));
}

/** The error boundary's page or the invalid-answer message, if either is shown. */
function failure(): HTMLElement | null {
  return (
    screen.queryByRole('heading', { name: 'Something went wrong' }) ??
    screen.queryByText(/The server sent an answer the portal does not understand/)
  );
}

/** Waits until the page shows what `ready` looks for, or fails; then checks it did not fail. */
async function settle(ready: () => unknown) {
  await waitFor(() => {
    if (failure()) return;
    expect(ready()).toBeTruthy();
  }, wait);
  expect(failure()).toBeNull();
}

/**
 * Serves `answer` for one GET call, renders `route` logged in, waits for the page to show it
 * (`ready`, which may also act on the page) and checks that nothing failed or logged an error.
 */
async function renderWith(
  path: string,
  answer: unknown,
  route: string,
  ready: (view: ReturnType<typeof renderApp>) => Promise<void>,
) {
  server.resetHandlers();
  server.use(http.get(apiUrl(path), () => HttpResponse.json(answer as JsonBodyType)));
  const errorsBefore = vi.mocked(console.error).mock.calls.length;
  try {
    await ready(renderApp(route, { loggedIn: true }));
    expect(vi.mocked(console.error).mock.calls.slice(errorsBefore)).toEqual([]);
  } finally {
    cleanup();
  }
}

describe('the check the properties rely on', () => {
  it('sees the invalid-answer message when an essential field is missing', async () => {
    const [entry] = (await getStatus()) as unknown as Answer[];
    const { hostname: _hostname, ...withoutHost } = entry ?? {};
    server.use(http.get(apiUrl('/status'), () => HttpResponse.json([withoutHost])));
    renderApp('/dashboard', { loggedIn: true });
    await waitFor(() => expect(failure()).toHaveTextContent(/does not understand/), wait);
  });
});

describe('tolerant reading of the answers the screens show', () => {
  it(
    'shows any GET /status answer with the essential fields on the dashboard and the tutorial',
    async () => {
      const seed = (await getStatus()) as unknown as Answer[];
      expect(seed.length).toBeGreaterThan(0);
      const status = variants(seed, (entry) => tolerantVariant(entry, ['datastore', 'hostname', 'port', 'username']));
      await fc.assert(
        fc.asyncProperty(status, fc.constantFrom('/dashboard', '/tutorial'), async (answer, route) => {
          await renderWith('/status', answer, route, async () => {
            if (route === '/dashboard') {
              await settle(() =>
                answer.every((entry) =>
                  screen.queryByRole('article', { name: String(entry.custom_name || entry.datastore) }),
                ),
              );
            } else {
              await settle(() =>
                within(screen.getByRole('region', { name: 'Your connection data' })).queryByText(
                  `${String(answer[0]?.username)}@pbs`,
                ),
              );
            }
          });
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'shows any GET /me answer with an email on every page that reads the user',
    async () => {
      const seed = (await me()) as unknown as Answer;
      const products = variants((seed.products ?? []) as Answer[], (product) => tolerantVariant(product, []));
      const user = tolerantVariant(seed, ['email'], { products });
      const routes = fc.constantFrom('/company', '/notifications', '/contact', '/ishop/1');
      await fc.assert(
        fc.asyncProperty(user, routes, async (answer, route) => {
          await renderWith('/me', answer, route, async () => {
            // The top bar shows the email once the user has arrived; then each page's own use of it.
            await settle(() => screen.queryAllByText(customer.email).length > 0);
            if (route === '/company') {
              await settle(() =>
                within(screen.getByRole('region', { name: 'Company data' })).queryByText(customer.email),
              );
              await settle(
                () =>
                  screen
                    .queryByRole('region', { name: 'Your datastores under contract' })
                    ?.querySelector('.page-loading') === null,
              );
            } else if (route === '/notifications') {
              await settle(() => screen.queryByRole('link', { name: 'Go to “Account and settings”' }));
            } else if (route === '/contact') {
              await settle(
                () =>
                  (screen.queryByRole('textbox', { name: /^Email address for our answer/ }) as HTMLInputElement | null)
                    ?.value === customer.email,
              );
            } else {
              await settle(
                () =>
                  (screen.queryByRole('textbox', { name: /^Email/ }) as HTMLInputElement | null)?.value ===
                  customer.email,
              );
            }
          });
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'shows any GET /company answer on the company page, in view and in edit mode',
    async () => {
      const seed = (await getCompany()) as unknown as Answer;
      await fc.assert(
        fc.asyncProperty(tolerantVariant(seed, []), async (answer) => {
          await renderWith('/company', answer, '/company', async ({ user }) => {
            await settle(() =>
              within(screen.getByRole('region', { name: 'Company data' })).queryByText(customer.email),
            );
            const edit = screen.getByRole('button', { name: /^(Edit|Enter company data)$/ });
            await settle(() => !(edit as HTMLButtonElement).disabled);
            await user.click(edit);
            await settle(() => screen.queryByRole('form', { name: 'Edit company data' }));
          });
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'shows any GET /licences answer with complete licences in the list and on an order form',
    async () => {
      const seed = (await getCatalogue()) as unknown as Record<string, Answer[]>;
      const group = (name: string) =>
        variants(seed[name] ?? [], (licence) =>
          tolerantVariant(licence, ['id', 'name', 'price_1_cpu', 'price_2_cpu', 'price_4_cpu', 'product_type']),
        );
      const catalogue = tolerantVariant(seed, [], { VE: group('VE'), PBS: group('PBS'), MG: group('MG') });
      await fc.assert(
        fc.asyncProperty(catalogue, fc.constantFrom('/ishop', '/ishop/1', '/ishop/9'), async (answer, route) => {
          await renderWith('/licences', answer, route, async () => {
            if (route === '/ishop') {
              await settle(() => screen.queryByRole('tab', { name: 'Virtualisation (VE)' }));
            } else {
              // The licence's order form when its group came, else the note that there is no such licence.
              await settle(
                () => screen.queryByRole('heading', { name: /^Order / }) ?? screen.queryByText(/^There is no licence/),
              );
            }
          });
        }),
        runs,
      );
    },
    timeout,
  );
});
