/**
 * The demo's mock speaks v1.1 beside v1 (issue 43, item 3; docs/mock-api.md): in the browser, through
 * its service worker, the probe answers v1.1 with the event stream among its features, and
 * `GET /events` streams a purchase as it runs, event by event, as a fetch reads it: what the portal's
 * v1.1 client (decision 057) reads.
 */
import { expect, test } from './fixtures';
import { openAs } from './support/portal';

test('the mock in the browser answers the v1.1 probe and streams a purchase through GET /events', async ({ page }) => {
  // Every logged-in page asks the probe once (the top bar's alerts, issue 45): the journey reads
  // the page's own answer rather than probing a second time in the session.
  const probed = page.waitForResponse((response) => response.url().endsWith('/api/v1.1/capabilities'));
  // The mock's v1.1 is the subject, whichever API the other journeys have it speak (E2E_MOCK_API_VERSION).
  await openAs(page, '/tutorial', { language: 'en', email: 'demo@example.com', apiVersion: 'v1.1' });
  const capabilities = (await (await probed).json()) as { features: string[] };
  const seen = await page.evaluate(async () => {
    const portal = { 'X-Portal-Request': '1' };
    const stream = await fetch('/api/v1.1/events', { headers: portal });
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('The stream has no body');
    const bought = await fetch('/api/v1.1/datastores', {
      method: 'POST',
      headers: { ...portal, 'Content-Type': 'application/json', 'Idempotency-Key': '"journey-events-1"' },
      body: JSON.stringify({ identifier: 'evtjny', product_id: 0 }),
    });
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    while (!chunks.join('').includes('"state":"succeeded"')) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    await reader.cancel();
    return {
      status: bought.status,
      type: stream.headers.get('Content-Type'),
      text: chunks.join(''),
      chunks: chunks.length,
    };
  });
  expect(capabilities.features).toContain('events');
  expect(seen.status).toBe(202);
  expect(seen.type).toMatch(/^text\/event-stream/);
  expect(seen.text.startsWith('retry: 5000\n\n')).toBe(true);
  const states = [...seen.text.matchAll(/"state":"(\w+)"/g)].map((match) => match[1]);
  expect(states).toEqual(['pending', 'running', 'succeeded']);
  // Event by event as they happened, not one answer at the end.
  expect(seen.chunks).toBeGreaterThan(1);
});
