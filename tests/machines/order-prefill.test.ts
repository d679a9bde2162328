import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { Company, User } from '../../src/domain/entities';
import { orderPrefillFrom, orderPrefillMachine } from '../../src/machines/order-prefill.machine';
import { aCompany, aUser } from '../support/builders';
import { stubSession } from '../support/portal-refs';

const company = aCompany();

const user: User = aUser({ language: 'de' });

const emptyCompany: Company = {
  ...company,
  name: null,
  street: null,
  postcode: null,
  city: null,
  country: null,
  ustid: null,
  phone: null,
};

function start(loadCompany: () => Promise<Company> = async () => company, sessionUser: User | null = user) {
  const sessionExpired = vi.fn();
  const load = vi.fn(loadCompany);
  const machine = orderPrefillMachine.provide({ actors: { loadCompany: fromPromise(load) } });
  const stub = stubSession({ user: sessionUser }, (event) => {
    if (event.type === 'session.expired') sessionExpired();
  });
  const actor = createActor(machine, { input: { session: stub.session } }).start();
  return { actor, load, sessionExpired, stub };
}

describe('the order prefill values', () => {
  it('take the person from the user and the company from the company call', () => {
    expect(orderPrefillFrom(user, company)).toEqual({
      email: 'demo@example.com',
      firstname: 'Erika',
      lastname: 'Mustermann',
      phone: '+49 30 1234567',
      company_name: 'Demo GmbH',
      street: 'Musterstraße 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      ustid: 'DE123456789',
    });
  });

  it('fall back to the pending company fields and skip what is empty or unknown', () => {
    const pending: Company = {
      ...emptyCompany,
      pending_name: 'Neu KG',
      pending_street: 'Weg 2',
      pending_country: 'LUX',
      country: 'AT',
    };
    expect(orderPrefillFrom({ ...user, phone: null, firstname: '' }, pending)).toEqual({
      email: 'demo@example.com',
      lastname: 'Mustermann',
      company_name: 'Neu KG',
      street: 'Weg 2',
      country: 'LUX',
    });
    expect(orderPrefillFrom(null, null)).toEqual({});
  });
});

describe('the order prefill machine', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the company of a logged-in customer, busy meanwhile', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().value).toBe('loadingCompany');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(load).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values).toEqual(orderPrefillFrom(user, company));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("opens the form with the user's values and the reason when the company cannot be loaded", async () => {
    const { actor } = start(async () => {
      throw new ApiError('http', { status: 500 });
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.values).toEqual(orderPrefillFrom(user, null));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
  });

  it('prefills only the company when the session has no user', async () => {
    const { actor } = start(async () => company, null);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.values).toEqual(orderPrefillFrom(null, company));
    expect(actor.getSnapshot().context.values.email).toBeUndefined();
  });

  it('takes the user that a GET /me brought while the company loaded', async () => {
    let answer: (company: Company) => void = () => {};
    const { actor, stub } = start(() => new Promise((resolve) => (answer = resolve)), null);
    expect(actor.getSnapshot().context.values.email).toBeUndefined();
    const loaded = aUser({ email: 'later@example.com' });
    stub.loadUser.mockResolvedValueOnce(loaded);
    stub.session.send({ type: 'user.retry' });
    await waitFor(stub.session, (snapshot) => snapshot.context.user === loaded);
    answer(company);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.values).toEqual(orderPrefillFrom(loaded, company));
  });

  it('ends the session and forgets the account on a 401', async () => {
    const { actor, sessionExpired } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values).toEqual({});
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('opens the form after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor } = start(() => new Promise(() => {}));
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
    expect(actor.getSnapshot().context.values).toEqual(orderPrefillFrom(user, null));
  });
});
