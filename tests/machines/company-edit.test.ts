import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { EditCompanyPayload } from '../../src/api/company-structs';
import { companyFormValues, type CompanyFormValues } from '../../src/domain/company-form';
import { companyEditMachine } from '../../src/machines/company-edit.machine';
import { aCompany, aUser } from '../support/builders';
import { stubRefs } from '../support/portal-refs';

const person = { firstname: 'Erika', lastname: 'Mustermann', phone: null };
const never = () => new Promise<never>(() => {});

/** The edit form alone, as the company page invokes it: the company's values and pending state. */
function start(options: { save?: (payload: EditCompanyPayload) => Promise<void>; pendingState?: string | null } = {}) {
  const save = vi.fn(options.save ?? (async () => {}));
  const { refs, session } = stubRefs({ user: aUser(person) });
  const machine = companyEditMachine.provide({
    actors: {
      // The invoke's input is the form's payload (src/machines/form.machine.ts).
      submit: fromPromise(({ input }) => save(input as EditCompanyPayload)),
    },
  });
  const actor = createActor(machine, {
    input: {
      ...refs,
      values: companyFormValues(aCompany(), person),
      given: { pendingState: options.pendingState ?? null },
    },
  }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  const context = () => actor.getSnapshot().context;
  const change = <K extends keyof CompanyFormValues & string>(name: K, value: CompanyFormValues[K]) =>
    actor.send({ type: 'field.change', name, value });
  const told = (type: string) => session.received().filter((event) => event.type === type);
  return { actor, save, errorLine, context, change, told };
}

afterEach(() => vi.useRealTimers());

describe('editing the company data', () => {
  it('starts with the values the page gives, the IBAN in blocks of four', () => {
    const { actor, context } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().values).toMatchObject({
      name: 'Demo GmbH',
      payment_type: 'direct_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: true,
    });
  });

  it('starts empty, in Germany and without a payment type, when the page gives no values', () => {
    const { refs } = stubRefs({ user: aUser(person) });
    const actor = createActor(companyEditMachine, { input: { ...refs, given: { pendingState: null } } }).start();
    expect(actor.getSnapshot().context.values).toEqual({
      name: '',
      phone: '',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      ustid: '',
      payment_type: '',
      iban: '',
      checkbox_iban: false,
    });
  });

  it('keeps the IBAN and the mandate when direct debit is chosen again', () => {
    const { context, change } = start();
    change('payment_type', 'direct_debit');
    expect(context().values).toMatchObject({ iban: 'DE89 3704 0044 0532 0130 00', checkbox_iban: true });
  });

  it('reformats the IBAN live as it is typed', () => {
    const { context, change } = start();
    change('iban', 'de44 5001 0517 5407 3249 31');
    expect(context().values.iban).toBe('DE44 5001 0517 5407 3249 31');
  });

  it('clears the IBAN and the mandate when bill is chosen, and asks for both again with direct debit', () => {
    const { actor, context, change } = start();
    change('payment_type', 'bill');
    expect(context().values).toMatchObject({ payment_type: 'bill', iban: '', checkbox_iban: false });
    change('payment_type', 'direct_debit');
    expect(context().values).toMatchObject({ payment_type: 'direct_debit', iban: '', checkbox_iban: false });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().fieldErrors).toEqual({ iban: 'required', checkbox_iban: 'mandate' });
    // After a refused submit the errors follow the typing live, also through payment switches.
    change('iban', 'DE89 3704 0044 0532 0130 01');
    expect(context().fieldErrors).toEqual({ iban: 'iban', checkbox_iban: 'mandate' });
    change('payment_type', 'bill');
    expect(context().fieldErrors).toEqual({});
  });

  it('drops the errors of every field that choosing bill cleared, before any submit', async () => {
    const { actor, context, change, errorLine } = start({
      save: async () => {
        throw new ApiError('http', {
          status: 400,
          reason: 'Direct debit needs the SEPA mandate: please accept the legal notice.',
        });
      },
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(context()).toMatchObject({ fieldErrors: { checkbox_iban: 'mandate' }, submitted: false });
    change('payment_type', 'bill');
    expect(context().fieldErrors).toEqual({});
  });

  it('drops a field error as soon as the field is changed, before any submit', () => {
    const { actor, context, change } = start();
    change('street', '');
    expect(context().fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(context().fieldErrors).toEqual({ street: 'required' });
  });
});

describe('saving the company data', () => {
  it('saves once with the SPEC §7 payload (the user names, the pending state), then ends', async () => {
    const { actor, save, change } = start({ pendingState: 'Bayern' });
    change('street', 'Neue Straße 5');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(save).toHaveBeenCalledOnce();
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        firstname: 'Erika',
        lastname: 'Mustermann',
        pending_street: 'Neue Straße 5',
        pending_state: 'Bayern',
        iban: 'DE89370400440532013000',
      }),
    );
  });

  it('keeps every field as typed and shows the server reason when the save fails, cleared after 30 seconds', async () => {
    const { actor, context, errorLine, change } = start({
      save: async () => {
        throw new ApiError('http', { status: 400, reason: 'The IBAN is not valid.' });
      },
    });
    change('city', 'Hamburg');
    change('postcode', '20457');
    const typed = context().values;
    vi.useFakeTimers();
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
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
      const { actor, context, errorLine, change } = start({
        save: async () => {
          throw new ApiError('http', { status: 400, reason });
        },
      });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
      expect(errorLine()).toEqual({ key });
      expect(context().fieldErrors).toEqual(fieldErrors);
      if ('postcode' in fieldErrors) change('postcode', '10117');
      else change('checkbox_iban', true);
      expect(context().fieldErrors).toEqual({});
    },
  );

  it('clears the message of a failed save when the customer sends again, and shows no field errors meanwhile', async () => {
    let fail = true;
    const { actor, errorLine, context, change } = start({
      save: async () => {
        if (fail) throw new ApiError('network');
        await never();
      },
    });
    change('street', '');
    actor.send({ type: 'form.submit' });
    expect(context()).toMatchObject({ fieldErrors: { street: 'required' }, submitted: true });
    change('street', 'Neue Straße 5');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'network' });
    fail = false;
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(errorLine()).toBeNull();
    expect(context()).toMatchObject({ fieldErrors: {}, submitted: false });
  });

  it('asks for the login in place when the save answers 401, keeping every value and saving nothing twice', async () => {
    const { actor, told, save, context, change } = start({
      save: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    change('city', 'Köln');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(told('session.interrupted')).toHaveLength(1);
    expect(told('session.expired')).toHaveLength(0);
    expect(context().values.city).toBe('Köln');
    // The save waits for the customer's next click (docs/decisions/027).
    expect(save).toHaveBeenCalledOnce();
  });

  it('waits as long as the server asks after too many attempts, keeping what was typed (decision 044)', async () => {
    const { actor, errorLine, change, context } = start({
      save: async () => {
        throw new ApiError('http', { status: 429, retryAfterSeconds: 5 });
      },
    });
    vi.useFakeTimers();
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('waiting')).toBe(true));
    expect(errorLine()).toEqual({ key: 'tooManyRequests', waitSeconds: 5 });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    change('city', 'Köln');
    expect(context().values.city).toBe('Köln');
    vi.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('gives up saving after the 120 second loading timeout and keeps the form', () => {
    const { actor, errorLine } = start({ save: never });
    vi.useFakeTimers();
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(6_000);
    expect(actor.getSnapshot().hasTag('slow')).toBe(true);
    vi.advanceTimersByTime(114_000);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});
