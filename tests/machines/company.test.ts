import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { EditCompanyPayload } from '../../src/api/company-structs';
import type { Company, User } from '../../src/domain/entities';
import { companyEditMachine } from '../../src/machines/company-edit.machine';
import { companyMachine } from '../../src/machines/company.machine';
import { contractCancellationMachine } from '../../src/machines/contract-cancellation.machine';
import { aCompany, aUser } from '../support/builders';
import { stubApp, stubSession } from '../support/portal-refs';

const company = aCompany();

const person = { firstname: 'Erika', lastname: 'Mustermann', phone: null };
const never = () => new Promise<never>(() => {});

function start(
  options: {
    load?: () => Promise<Company>;
    save?: (payload: EditCompanyPayload) => Promise<void>;
    cancel?: () => Promise<void>;
    /** The session's GET /me when it reloads the user (after a cancellation). */
    reload?: () => Promise<User>;
    /** Whether the server offers second factors (the probe of src/api/server-version.ts). */
    offer?: () => Promise<boolean>;
  } = {},
) {
  const load = vi.fn(options.load ?? (async () => company));
  const save = vi.fn(options.save ?? (async () => {}));
  // The session whose user the form starts with; `reload` answers its reload of the user.
  const stub = stubSession({ user: aUser(person) });
  const reload = stub.loadUser.mockImplementation(options.reload ?? (async () => aUser({ ...person, products: [] })));
  const machine = companyMachine.provide({
    actors: {
      loadCompany: fromPromise(() => load()),
      secondFactorOffer: fromPromise(() => (options.offer ?? (async () => false))()),
      form: companyEditMachine.provide({
        actors: {
          // The invoke's input is the form's payload (src/machines/form.machine.ts).
          submit: fromPromise(({ input }) => save(input as EditCompanyPayload)),
        },
      }),
      cancellation: contractCancellationMachine.provide({
        actors: { cancelContract: fromPromise(() => (options.cancel ?? (async () => {}))()) },
      }),
    },
  });
  const actor = createActor(machine, { input: { session: stub.session, app: stubApp().app } }).start();
  /** Edit mode's form, the child `form` (tests/machines/company-edit.test.ts tests it alone). */
  const form = () => actor.getSnapshot().children.form;
  const context = () => actor.getSnapshot().context;
  /** The events of one type the session was told. */
  const told = (type: string) => stub.received().filter((event) => event.type === type);
  return { actor, load, save, reload, session: stub.session, told, context, form };
}

async function editing(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches('view'));
  started.actor.send({ type: 'company.edit' });
  const form = started.form();
  if (!form) throw new Error('no form child in edit mode');
  return { ...started, edit: form };
}

afterEach(() => vi.useRealTimers());

describe('loading the company', () => {
  it('loads the company, busy meanwhile, then shows the view', async () => {
    const { actor, context } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ view: 'shown' }));
    expect(context().company).toEqual(company);
  });

  it('shows the failure with a retry that loads again', async () => {
    let calls = 0;
    const { actor, context } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', { status: 500 });
        return company;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(context().loadError).toEqual({ key: 'general' });
    actor.send({ type: 'company.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('view'));
    expect(context().loadError).toBeNull();
  });

  it('ends the session when GET /company answers 401', async () => {
    const { actor, told } = start({
      load: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(told('session.expired')).toHaveLength(1);
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor, context } = start({ load: never });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(context().loadError).toEqual({ key: 'timeout' });
  });
});

describe('the way to the security page', () => {
  it('is offered once the server says it offers second factors, whatever the page does meanwhile', async () => {
    let answer: (offered: boolean) => void = () => {};
    const { actor, context } = start({ offer: () => new Promise((resolve) => (answer = resolve)), load: never });
    expect(context().secondFactorOffered).toBe(false);
    answer(true);
    await waitFor(actor, (snapshot) => snapshot.context.secondFactorOffered);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('is not offered by a v1 server, nor when the probe fails', async () => {
    for (const offer of [async () => false, async () => Promise.reject(new ApiError('network'))]) {
      const { actor, context } = start({ offer });
      await waitFor(actor, (snapshot) => snapshot.matches('view'));
      await Promise.resolve();
      expect(context().secondFactorOffered).toBe(false);
      expect(actor.getSnapshot().status).toBe('active');
    }
  });
});

describe('edit mode', () => {
  it('starts the form with the company and the session user, the IBAN in blocks of four', async () => {
    const { actor, edit } = await editing();
    expect(actor.getSnapshot().matches('edit')).toBe(true);
    expect(edit.getSnapshot().matches('editing')).toBe(true);
    expect(edit.getSnapshot().context.values).toMatchObject({
      name: 'Demo GmbH',
      phone: '+49 30 1234567',
      payment_type: 'direct_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: true,
    });
  });

  it('goes back to the view without saving, and drops what was typed', async () => {
    const { actor, save, edit, form } = await editing();
    edit.send({ type: 'field.change', name: 'street', value: 'Neue Straße 5' });
    actor.send({ type: 'company.back' });
    expect(actor.getSnapshot().matches({ view: 'shown' })).toBe(true);
    expect(form()).toBeUndefined();
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'company.edit' });
    expect(form()?.getSnapshot().context.values.street).toBe(company.street);
  });
});

describe('saving', () => {
  it('saves once with the SPEC §7 payload, then reloads and shows the view with the fresh data', async () => {
    const fresh = { ...company, pending_street: 'Neue Straße 5' };
    let loads = 0;
    const { actor, save, told, context, edit } = await editing({
      load: async () => (++loads === 1 ? company : fresh),
    });
    edit.send({ type: 'field.change', name: 'street', value: 'Neue Straße 5' });
    edit.send({ type: 'form.submit' });
    edit.send({ type: 'form.submit' });
    expect(edit.getSnapshot().matches('submitting')).toBe(true);
    expect(edit.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ view: 'shown' }));
    expect(save).toHaveBeenCalledOnce();
    expect(save).toHaveBeenCalledWith({
      firstname: 'Erika',
      lastname: 'Mustermann',
      phone: '+49 30 1234567',
      pending_name: 'Demo GmbH',
      pending_street: 'Neue Straße 5',
      pending_postcode: '10115',
      pending_city: 'Berlin',
      pending_state: '',
      pending_country: 'DE',
      pending_ustid: 'DE123456789',
      payment_type: 'direct_debit',
      iban: 'DE89370400440532013000',
      checkbox_iban: true,
    });
    expect(told('user.reload')).toEqual([{ type: 'user.reload' }]);
    expect(context()).toMatchObject({ company: fresh, saved: true });
    actor.send({ type: 'company.edit' });
    expect(context().saved).toBe(false);
  });

  it("sends the company's pending state, which the form does not show, with the save (SPEC §7)", async () => {
    const { actor, save, edit } = await editing({ load: async () => ({ ...company, pending_state: 'Bayern' }) });
    edit.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('view'));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ pending_state: 'Bayern' }));
  });

  it('stays in edit mode with every value when the save fails, and asks for the login in place on a 401', async () => {
    const { actor, told, save, edit } = await editing({
      save: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    edit.send({ type: 'field.change', name: 'city', value: 'Köln' });
    edit.send({ type: 'form.submit' });
    await waitFor(edit, (snapshot) => snapshot.matches('editing') && told('session.interrupted').length > 0);
    expect(actor.getSnapshot().matches('edit')).toBe(true);
    expect(told('session.expired')).toHaveLength(0);
    expect(edit.getSnapshot().context.values.city).toBe('Köln');
    expect(save).toHaveBeenCalledOnce();
  });

  it('keeps edit mode when saving gives up after the 120 second loading timeout, and Back leaves its message', async () => {
    const { actor, edit, form } = await editing({ save: never });
    vi.useFakeTimers();
    edit.send({ type: 'form.submit' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().matches('edit')).toBe(true);
    expect(edit.getSnapshot().children.errorLine?.getSnapshot().context.error).toEqual({ key: 'timeout' });
    actor.send({ type: 'company.back' });
    expect(form()).toBeUndefined();
  });
});

describe('reloading in the background', () => {
  it('keeps the view while it reloads and takes the fresh data', async () => {
    const cancelled = { ...company, contract_end_date: '2026-12-31' };
    let loads = 0;
    const { actor, context } = start({ load: async () => (++loads === 1 ? company : cancelled) });
    await waitFor(actor, (snapshot) => snapshot.matches('view'));
    actor.send({ type: 'company.reload' });
    expect(actor.getSnapshot().matches({ view: 'refreshing' })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ view: 'shown' }));
    expect(context().company).toEqual(cancelled);
  });

  it('keeps the old data with a message when the reload fails, or ends the session on 401', async () => {
    const failures = [new ApiError('network'), new ApiError('http', { status: 401 })];
    let loads = 0;
    const { actor, context, told } = start({
      load: async () => {
        if (++loads === 1) return company;
        throw failures.shift();
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('view'));
    actor.send({ type: 'company.reload' });
    await waitFor(actor, (snapshot) => snapshot.context.loadError !== null);
    expect(actor.getSnapshot().matches({ view: 'shown' })).toBe(true);
    expect(context()).toMatchObject({ company, loadError: { key: 'network' } });
    actor.send({ type: 'company.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches({ view: 'shown' }) && told('session.expired').length > 0);
    expect(told('session.expired')).toHaveLength(1);
  });

  it('gives up a background reload after the 120 second loading timeout', async () => {
    let loads = 0;
    const { actor, context } = start({ load: () => (++loads === 1 ? Promise.resolve(company) : never()) });
    await waitFor(actor, (snapshot) => snapshot.matches('view'));
    vi.useFakeTimers();
    actor.send({ type: 'company.reload' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().matches({ view: 'shown' })).toBe(true);
    expect(context().loadError).toEqual({ key: 'timeout' });
  });
});

describe('the contract cancellation of the side card', () => {
  const cancelling = async (options: Parameters<typeof start>[0]) => {
    const started = start(options);
    await waitFor(started.actor, (snapshot) => snapshot.matches({ view: 'shown' }));
    const cancellation = started.actor.getSnapshot().children.cancellation;
    if (!cancellation) throw new Error('no cancellation child');
    cancellation.send({ type: 'cancel.request' });
    cancellation.send({ type: 'cancel.confirm' });
    return { ...started, cancellation };
  };

  it('reloads the company and the user, tells the session of the cancellation, and hands the child the end date (SPEC §4)', async () => {
    const ended = { ...company, has_product_count: 0 };
    let loads = 0;
    const { actor, load, reload, told, cancellation, context } = await cancelling({
      load: async () => (++loads === 1 ? company : ended),
      reload: async () =>
        aUser({ products: [{ name: 'backup', dynamic_volume: 0, volume: 2, contract_end_date: '2027-01-31' }] }),
    });
    await waitFor(cancellation, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(cancellation.getSnapshot().context.endDate).toBe('2027-01-31');
    await waitFor(actor, (snapshot) => snapshot.matches({ view: 'shown' }) && load.mock.calls.length === 2);
    expect(context().company).toEqual(ended);
    expect(reload).toHaveBeenCalledOnce();
    // The session keeps the news for the dashboard, which shows the datastores read-only (decision 029).
    expect(told('contract.cancelled')).toHaveLength(1);
  });

  it('leaves the child cancelled without a date when the reload fails, and the session ends on its 401', async () => {
    for (const [status, ends] of [
      [500, false],
      [401, true],
    ] as const) {
      const { cancellation, session } = await cancelling({
        reload: async () => {
          throw new ApiError('http', { status });
        },
      });
      await waitFor(cancellation, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
      expect(cancellation.getSnapshot().context.endDate).toBeNull();
      expect(cancellation.getSnapshot().children.errorLine?.getSnapshot().context.error).toBeNull();
      // The session's own reload: a 401 ends the session there (decision 001).
      expect(session.getSnapshot().context.loggedIn).toBe(!ends);
    }
  });

  it('ends the session when the cancellation answers 401, and reloads nothing', async () => {
    const { actor, load, told, cancellation } = await cancelling({
      cancel: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(cancellation, (snapshot) => snapshot.matches('idle'));
    expect(told('session.expired')).toHaveLength(1);
    expect(load).toHaveBeenCalledOnce();
    expect(told('contract.cancelled')).toHaveLength(0);
    expect(actor.getSnapshot().matches({ view: 'shown' })).toBe(true);
  });
});
