import { startForm } from '../support/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import {
  emptyLicenceOrder,
  licenceOrderMachine,
  licenceOrderPayload,
  validateLicenceOrder,
  type LicenceOrderValues,
} from '../../src/machines/licence-order.machine';

const filled: LicenceOrderValues = {
  ...emptyLicenceOrder,
  email: 'buyer@example.org',
  company_name: 'Käufer GmbH',
  firstname: 'Karl',
  lastname: 'Käufer',
  street: 'Marktplatz 2',
  postcode: '80331',
  city: 'München',
  product_id: 3,
  terms: true,
};

function start(
  order: (values: LicenceOrderValues) => Promise<unknown> = async () => undefined,
  values: Partial<LicenceOrderValues> = filled,
) {
  const started = startForm(licenceOrderMachine, { values, submit: order });
  return { ...started, submit: started.call };
}

describe('the licence order rules', () => {
  it('require everything but phone and VAT id, and the terms accepted (decision 032)', () => {
    expect(validateLicenceOrder({ ...emptyLicenceOrder, product_id: 3 })).toEqual({
      terms: 'terms',
      email: 'required',
      company_name: 'required',
      firstname: 'required',
      lastname: 'required',
      street: 'required',
      postcode: 'required',
      city: 'required',
    });
    expect(validateLicenceOrder(filled)).toEqual({});
  });

  it('check the email and the postcode of the chosen country', () => {
    expect(validateLicenceOrder({ ...filled, email: 'karl@' })).toEqual({ email: 'email' });
    expect(validateLicenceOrder({ ...filled, country: 'LUX' })).toEqual({ postcode: 'postcode' });
    expect(validateLicenceOrder({ ...filled, country: 'LUX', postcode: 'L-1234' })).toEqual({});
    expect(validateLicenceOrder({ ...filled, postcode: '1234' })).toEqual({ postcode: 'postcode' });
  });

  it('send the payload of SPEC §7 without the blanks around typed texts', () => {
    expect(licenceOrderPayload({ ...filled, email: ' buyer@example.org ', city: 'München ', cpu_count: 4 })).toEqual({
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
      product_id: 3,
      cpu_count: 4,
    });
  });
});

describe('the licence order machine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts editing with the prefilled values', () => {
    const { actor } = start(undefined, { email: 'demo@example.com', product_id: 5 });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({
      ...emptyLicenceOrder,
      email: 'demo@example.com',
      product_id: 5,
    });
  });

  it('refuses to order with missing fields and shows their errors beside them', () => {
    const { actor, submit } = start(undefined, { product_id: 3 });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.street).toBe('required');
    actor.send({ type: 'field.change', name: 'street', value: 'Marktplatz 2' });
    expect(actor.getSnapshot().context.fieldErrors.street).toBeUndefined();
    expect(submit).not.toHaveBeenCalled();
  });

  it('orders the chosen CPU count once, busy meanwhile, then succeeds', async () => {
    const { actor, submit, tellApp } = start();
    actor.send({ type: 'field.change', name: 'cpu_count', value: 2 });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(submit).toHaveBeenCalledOnce();
    expect(submit).toHaveBeenCalledWith({ ...filled, cpu_count: 2 });
    expect(tellApp).toHaveBeenCalledOnce();
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps the form and shows the server reason when the order is refused, for 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start(async () => {
      throw new ApiError('http', { status: 400, reason: 'The licence product does not exist.' });
    });
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.values).toEqual(filled);
    expect(errorLine()).toEqual({ key: 'server', reason: 'The licence product does not exist.' });
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('says in its own words that the postcode does not fit the country, and marks the field (decision 039)', async () => {
    const { actor, errorLine, change } = start(async () => {
      throw new ApiError('http', { status: 400, reason: 'Die Postleitzahl passt nicht zum Land DE.' });
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'postcodeCountry' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ postcode: 'postcode' });
    change('postcode', '80333');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('tells the session when the order answers 401', async () => {
    const { actor, sessionInterrupted } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sessionInterrupted).toHaveBeenCalledOnce();
  });

  it('waits for an order answered after 25 s and after 119 s, sends it once and shows no error at any moment', async () => {
    vi.useFakeTimers();
    for (const seconds of [25, 119]) {
      const { actor, submit, tellApp, errorLine } = start(
        () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
      );
      const errors: unknown[] = [];
      actor.subscribe(() => errors.push(errorLine()));
      actor.send({ type: 'form.submit' });
      await vi.advanceTimersByTimeAsync(6_000);
      expect(actor.getSnapshot().hasTag('slow')).toBe(true);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      actor.send({ type: 'form.submit' });
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 6_000);
      expect(actor.getSnapshot().matches('succeeded')).toBe(true);
      expect(submit).toHaveBeenCalledOnce();
      expect(tellApp).toHaveBeenCalledOnce();
      expect(errors.filter((error) => error !== null)).toEqual([]);
    }
  });

  it('says after 120 s without an answer that the order could not be confirmed, keeps the form and does not send it again', async () => {
    vi.useFakeTimers();
    const { actor, submit, errorLine } = start(() => new Promise(() => {}));
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual(filled);
    expect(errorLine()).toEqual({ key: 'orderUnconfirmed' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(submit).toHaveBeenCalledOnce();
  });

  for (const [what, error] of [
    ['a dropped connection', new ApiError('network')],
    ['a gateway that gave up', new ApiError('http', { status: 504 })],
  ] as const) {
    it(`says after ${what} that the order could not be confirmed`, async () => {
      const { actor, submit, errorLine } = start(async () => {
        throw error;
      });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches('editing'));
      expect(errorLine()).toEqual({ key: 'orderUnconfirmed' });
      expect(submit).toHaveBeenCalledOnce();
    });
  }

  it('shows the server refusal of a 500 as any other failure', async () => {
    const { actor, errorLine } = start(async () => {
      throw new ApiError('http', { status: 500, reason: 'Product unavailable' });
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'server', reason: 'Product unavailable' });
  });
});

describe('the licence order machine: after the order', () => {
  it('tells the app the licence, CPUs and trimmed email ordered first, then sends the buyer to /order_done', async () => {
    const { actor, tellApp, navigate } = start(async () => undefined, { ...filled, email: ' buyer@example.org ' });
    actor.send({ type: 'field.change', name: 'cpu_count', value: 4 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('succeeded'));
    expect(tellApp).toHaveBeenCalledExactlyOnceWith({
      type: 'order.placed',
      order: { productId: 3, cpuCount: 4, email: ' buyer@example.org ' },
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/order_done');
    expect(tellApp.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0] ?? 0);
  });
});
