import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { tutorialMachine } from '../../src/machines/tutorial.machine';
import { mock } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { aDatastore } from '../support/builders';
import { loginAs } from '../support/render-app';
import { stubSession } from '../support/portal-refs';

// GET /status of the mock API, through the real client; the lifecycle (retry, timeout, abort) is
// the loader's (tests/machines/loader.test.ts), the datastore the steps show the view's.
function start() {
  const sessionExpired = vi.fn();
  const { session } = stubSession({}, (event) => {
    if (event.type === 'session.expired') sessionExpired();
  });
  const actor = createActor(tutorialMachine, { input: { session } }).start();
  return { actor, sessionExpired };
}

describe('the tutorial machine', () => {
  it("loads the customer's datastores from GET /status", async () => {
    const customer = createCustomer({ datastores: [aDatastore('backup'), aDatastore('archive')] });
    await loginAs(customer);
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    const { data, error } = actor.getSnapshot().context;
    expect(data?.map((entry) => entry.datastore)).toEqual([
      customer.datastore('backup').datastore,
      customer.datastore('archive').datastore,
    ]);
    expect(error).toBeNull();
  });

  it('is loaded with no datastore for a customer who has none', async () => {
    await loginAs(createCustomer());
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context).toMatchObject({ data: [], error: null });
  });

  it('keeps the reason of a failure and loads again on retry', async () => {
    await loginAs(createCustomer({ datastores: [aDatastore('backup')] }));
    mock.fault('GET /status', 'http500', { times: 1 });
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.data).toHaveLength(1);
  });

  it('tells the session about a 401', async () => {
    const { actor, sessionExpired } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'sessionExpired' });
  });
});
