import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

/**
 * `npm run dev` serves the mock v1 API over HTTP beside the browser's worker (vite.config.ts), for
 * curl, `npm run contract -- smoke` and `npm run contract -- verify`: the wiring is checked on a real dev server.
 */
describe('the dev server', () => {
  let server: ViteDevServer;
  let base = '';
  const mockSetting = process.env.VITE_MOCK_API;

  beforeAll(async () => {
    // The tests run with the mock off (vite.config.ts); `npm run dev` runs with it on.
    process.env.VITE_MOCK_API = 'true';
    server = await createServer({ mode: 'development', logLevel: 'silent', server: { port: 0, strictPort: false } });
    await server.listen(0);
    base = server.resolvedUrls?.local[0] ?? '';
  }, 30_000);

  afterAll(async () => {
    process.env.VITE_MOCK_API = mockSetting;
    await server.close();
  });

  // The first request starts the mock (Vite loads its modules): 2.6 s with the cores busy three
  // times over, more beside CI's type-check and lint, where the default 5 s ran out once. The test
  // is of the wiring, not of its speed.
  const startsTheMock = 30_000;

  it(
    'answers the mock API over HTTP, as the in-browser mock does',
    async () => {
      const response = await fetch(new URL('api/v1/licences', base));
      expect(response.status).toBe(200);
      const catalogue: unknown = await response.json();
      expect(catalogue).toMatchObject({ VE: expect.any(Array), PBS: expect.any(Array), MG: expect.any(Array) });
    },
    startsTheMock,
  );

  it('answers the mock controls over HTTP', async () => {
    const response = await fetch(new URL('__mock/outbox', base));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});
