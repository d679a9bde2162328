/**
 * What the v1 and v1.1 consumer contracts share: Pact's V3 consumer API with one workaround, and the
 * licence order both send.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PactV3, type V3MockServer } from '@pact-foundation/pact';

/** How long a test waits at most for the mock server to record the request it has answered. */
const recordMs = 2_000;

/**
 * Pact's mock server (pact_mock_server 2.2.1, in @pact-foundation/pact-core 19.2) answers a request
 * before it records it: the match goes through a channel to a task of its own, while executeTest
 * asks whether every request came as soon as the test's call has its answer. On a busy machine that
 * task may not have run yet, and a request that came, matched and was answered is reported as
 * "expected but not received" (pact-foundation/pact-core-mock-server#13; fixed in pact-core 20.1,
 * which @pact-foundation/pact 17 brings). So once a test's calls have their answers, it waits until
 * the mock server says every request came and matched, for at most `recordMs`; a request that is
 * really missing or does not match is still reported, only that much later. Drop this with pact 17,
 * which needs Node 22 (pact 17 and pact-core 20 declare `node >= 22`; the portal still runs on 20.19).
 */
export class RecordedPactV3 extends PactV3 {
  override executeTest<T>(testFn: (server: V3MockServer) => Promise<T>): Promise<T | undefined> {
    return super.executeTest(async (server) => {
      const value = await testFn(server);
      // PactV3 keeps the handle of the pact under test in a private field; the query is by port.
      const handle: unknown = Reflect.get(this, 'pact');
      if (!hasMatchQuery(handle)) throw new Error('PactV3 keeps no `pact` handle any more: see RecordedPactV3');
      const until = Date.now() + recordMs;
      while (!handle.mockServerMatchedSuccessfully(server.port) && Date.now() < until) await sleep(5);
      return value;
    });
  }
}

function hasMatchQuery(handle: unknown): handle is { mockServerMatchedSuccessfully(port: number): boolean } {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'mockServerMatchedSuccessfully' in handle &&
    typeof handle.mockServerMatchedSuccessfully === 'function'
  );
}

/** A visitor's licence order, as the shop sends it (the same payload in v1 and v1.1). */
export const licenceOrder = {
  email: 'buyer@example.org',
  company_name: 'Käufer GmbH',
  firstname: 'Karl',
  lastname: 'Käufer',
  phone: '',
  street: 'Marktplatz 2',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  ustid: '',
  product_id: 6,
  cpu_count: 1,
} as const;
