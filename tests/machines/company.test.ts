import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { EditCompanyPayload } from '../../src/api/structs';
import type { Company, User } from '../../src/domain/entities';
import { companyMachine } from '../../src/machines/company.machine';
import { contractCancellationMachine } from '../../src/machines/contract-cancellation.machine';
import { aCompany, aUser } from '../support/builders';
import { stubSession } from '../support/portal-refs';

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
      saveCompany: fromPromise(({ input }: { input: EditCompanyPayload }) => save(input)),
      cancellation: contractCancellationMachine.provide({
        actors: { cancelContract: fromPromise(() => (options.cancel ?? (async () => {}))()) },
      }),
    },
  });
  const actor = createActor(machine, { input: { session: stub.session } }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  const context = () => actor.getSnapshot().context;
  /** The events of one type the session was told. */
  const told = (type: string) => stub.received().filter((event) => event.type === type);
  return { actor, load, save, reload, session: stub.session, told, errorLine, context };
}

async function editing(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches('view'));
  started.actor.send({ type: 'company.edit' });
  return started;
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

describe('edit mode', () => {
  it('fills the form from the company and the IBAN in blocks of four', async () => {
    const { actor, context } = await editing();
    expect(actor.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(context().values).toMatchObject({
      name: 'Demo GmbH',
      payment_type: 'direct_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: true,
    });
  });

  it('reformats the IBAN live as it is typed', async () => {
    const { actor, context } = await editing();
    actor.send({ type: 'field.change', name: 'iban', value: 'de44 5001 0517 5407 3249 31' });
    expect(context().values.iban).toBe('DE44 5001 0517 5407 3249 31');
  });

  it('clears the IBAN and the mandate when bill is chosen, and asks for both again with direct debit', async () => {
    const { actor, context } = await editing();
    actor.send({ type: 'payment.choose', paymentType: 'bill' });
    expect(context().values).toMatchObject({ payment_type: 'bill', iban: '', checkbox_iban: false });
    actor.send({ type: 'payment.choose', paymentType: 'direct_debit' });
    expect(context().values).toMatchObject({ payment_type: 'direct_debit', iban: '', checkbox_iban: false });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(context().fieldErrors).toEqual({ iban: 'required', checkbox_iban: 'mandate' });
    // After a refused submit the errors follow the typing live, also through payment switches.
    actor.send({ type: 'field.change', name: 'iban', value: 'DE89 3704 0044 0532 0130 01' });
    expect(context().fieldErrors).toEqual({ iban: 'iban', checkbox_iban: 'mandate' });
    actor.send({ type: 'payment.choose', paymentType: 'bill' });
    expect(context().fieldErrors).toEqual({});
  });

  it('drops a field error as soon as the field is changed, before any submit', async () => {
    const { actor, context } = await editing();
    actor.send({ type: 'field.change', name: 'street', value: '' });
    expect(context().fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(context().fieldErrors).toEqual({ street: 'required' });
  });

  it('goes back to the view without saving', async () => {
    const { actor, save } = await editing();
    actor.send({ type: 'field.change', name: 'street', value: 'Neue Straße 5' });
    actor.send({ type: 'company.back' });
    expect(actor.getSnapshot().matches({ view: 'shown' })).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('saving', () => {
  it('saves once with the SPEC §7 payload, then reloads and shows the view with the fresh data', async () => {
    const fresh = { ...company, pending_street: 'Neue Straße 5' };
    let loads = 0;
    const { actor, save, told, context } = await editing({ load: async () => (++loads === 1 ? company : fresh) });
    actor.send({ type: 'field.change', name: 'street', value: 'Neue Straße 5' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ edit: 'saving' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
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

  it('keeps every field as typed and shows the server reason when the save fails, cleared after 30 seconds', async () => {
    const { actor, context, errorLine } = await editing({
      save: async () => {
        throw new ApiError('http', { status: 400, reason: 'The IBAN is not valid.' });
      },
    });
    actor.send({ type: 'field.change', name: 'city', value: 'Hamburg' });
    actor.send({ type: 'field.change', name: 'postcode', value: '20457' });
    const typed = context().values;
    vi.useFakeTimers();
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ edit: 'editing' })).toBe(true));
    expect(context().values).toEqual(typed);
    expect(errorLine()).toEqual({ key: 'server', reason: 'The IBAN is not valid.' });
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it.each([
    [
      'a postcode that does not fit the country',
      'Die Postleitzahl passt nicht zum Land DE.',
      'postcodeCountry',
      { postcode: 'postcode' },
    ],
    [
      'a direct debit without the mandate',
      'Direct debit needs the SEPA mandate: please accept the legal notice.',
      'mandateMissing',
      { checkbox_iban: 'mandate' },
    ],
  ] as const)(
    'says in its own words that the server refused %s, and marks the field (decision 039)',
    async (_name, reason, key, fieldErrors) => {
      const { actor, context, errorLine } = await editing({
        save: async () => {
          throw new ApiError('http', { status: 400, reason });
        },
      });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches({ edit: 'editing' }) && errorLine() !== null);
      expect(errorLine()).toEqual({ key });
      expect(context().fieldErrors).toEqual(fieldErrors);
      const [field] = Object.keys(fieldErrors);
      actor.send(
        field === 'postcode'
          ? { type: 'field.change', name: 'postcode', value: '10117' }
          : { type: 'field.change', name: 'checkbox_iban', value: true },
      );
      expect(context().fieldErrors).toEqual({});
    },
  );

  it('clears the message of a failed save when the customer sends again, and shows no field errors meanwhile', async () => {
    let fail = true;
    const { actor, errorLine, context } = await editing({
      save: async () => {
        if (fail) throw new ApiError('network');
        await never();
      },
    });
    actor.send({ type: 'field.change', name: 'street', value: '' });
    actor.send({ type: 'form.submit' });
    expect(context()).toMatchObject({ fieldErrors: { street: 'required' }, submitted: true });
    actor.send({ type: 'field.change', name: 'street', value: 'Neue Straße 5' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ edit: 'editing' }) && errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'network' });
    fail = false;
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ edit: 'saving' })).toBe(true);
    expect(errorLine()).toBeNull();
    expect(context()).toMatchObject({ fieldErrors: {}, submitted: false });
  });

  it('asks for the login in place when the save answers 401, keeping every value and saving nothing twice', async () => {
    const { actor, told, errorLine, save, context } = await editing({
      save: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    actor.send({ type: 'field.change', name: 'city', value: 'Köln' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ edit: 'editing' }));
    expect(told('session.interrupted')).toHaveLength(1);
    expect(told('session.expired')).toHaveLength(0);
    // The dialog says that the session ended; after the login the error line has nothing stale to say.
    expect(errorLine()).toBeNull();
    expect(context().values.city).toBe('Köln');
    // The save waits for the customer's next click (docs/decisions/027).
    expect(save).toHaveBeenCalledOnce();
  });

  it('gives up saving after the 120 second loading timeout and keeps the form', async () => {
    const { actor, errorLine } = await editing({ save: never });
    vi.useFakeTimers();
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().matches({ edit: 'editing' })).toBe(true);
    expect(errorLine()).toEqual({ key: 'timeout' });
    actor.send({ type: 'company.back' });
    expect(errorLine()).toBeNull();
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
