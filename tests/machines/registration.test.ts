import { startForm } from '../support/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import {
  initialRegistration,
  registrationMachine,
  registrationPayload,
  validateRegistration,
  type RegistrationValues,
} from '../../src/machines/registration.machine';
import { stubRefs } from '../support/portal-refs';

const complete: RegistrationValues = {
  ...initialRegistration,
  email: ' new@example.com ',
  password: 'Correct-Horse-Battery-9',
  pending_name: 'Neu IT GmbH',
  firstname: 'Nora',
  lastname: 'Neumann',
  phone: '+49 40 123',
  pending_street: 'Am Kai 3',
  pending_postcode: '20457',
  pending_city: 'Hamburg',
  pending_ustid: '',
  notifications: true,
  terms: true,
};

function start(submit: (values: RegistrationValues) => Promise<unknown> = async () => undefined) {
  const started = startForm(registrationMachine, { submit });
  const fill = (values: Partial<RegistrationValues> = complete) => {
    for (const [name, value] of Object.entries(values)) {
      started.actor.send({
        type: 'field.change',
        name: name as keyof RegistrationValues & string,
        value: value as never,
      });
    }
  };
  return { ...started, fill };
}

describe('the registration rules', () => {
  it('start with DE as the country, no consent and nothing typed', () => {
    expect(initialRegistration).toMatchObject({
      pending_country: 'DE',
      notifications: false,
      terms: false,
      email: '',
      password: '',
    });
  });

  it('mark every required field of SPEC §5, and the terms (decision 032), and nothing else', () => {
    expect(validateRegistration(initialRegistration)).toEqual({
      terms: 'terms',
      email: 'required',
      password: 'required',
      firstname: 'required',
      lastname: 'required',
      pending_street: 'required',
      pending_postcode: 'required',
      pending_city: 'required',
    });
  });

  it('accept a complete registration with optional fields left empty', () => {
    expect(validateRegistration({ ...complete, pending_name: '', phone: '', pending_ustid: '' })).toEqual({});
  });

  it.each([
    [{ email: 'nope' }, { email: 'email' }],
    [{ password: 'Short-Pass-1' }, { password: 'passwordPolicy' }],
    [{ password: 'all-lower-case-password-1' }, { password: 'passwordPolicy' }],
    [{ pending_postcode: '1234' }, { pending_postcode: 'postcode' }],
    [{ pending_country: 'LUX' as const, pending_postcode: 'L-1234' }, {}],
    [{ pending_country: 'FR' as const, pending_postcode: '75001' }, {}],
    [{ pending_country: 'AT' as never }, { pending_country: 'country' }],
    [{ pending_ustid: 'DE'.repeat(11) }, { pending_ustid: 'tooLong' }],
  ])('check %o', (change, errors) => {
    expect(validateRegistration({ ...complete, ...change })).toEqual(errors);
  });

  it('build exactly the payload of SPEC §7, trimmed, with an empty state and the language', () => {
    const padded = Object.fromEntries(
      Object.entries(complete).map(([name, value]) =>
        typeof value === 'string' && name !== 'password' && name !== 'pending_country'
          ? [name, ` ${value} `]
          : [name, value],
      ),
    );
    expect(registrationPayload({ ...complete, ...padded, language: 'de' })).toEqual({
      email: 'new@example.com',
      password: 'Correct-Horse-Battery-9',
      language: 'de',
      firstname: 'Nora',
      lastname: 'Neumann',
      phone: '+49 40 123',
      pending_name: 'Neu IT GmbH',
      pending_street: 'Am Kai 3',
      pending_postcode: '20457',
      pending_city: 'Hamburg',
      pending_state: '',
      pending_country: 'DE',
      pending_ustid: '',
      notifications: true,
    });
  });
});

describe('the registration machine', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses incomplete fields with their errors and updates them live', () => {
    const { actor, call, fill } = start();
    fill({ email: 'new@example.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ password: 'required', pending_city: 'required' });
    fill({ pending_city: 'Hamburg' });
    expect(actor.getSnapshot().context.fieldErrors.pending_city).toBeUndefined();
    expect(call).not.toHaveBeenCalled();
  });

  it('sends once, busy meanwhile, and reports success', async () => {
    const { actor, call, navigate, fill } = start();
    fill();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(call).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/waiting');
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps every value and shows the server reason when the call is refused for a reason it does not know', async () => {
    const { actor, fill, errorLine } = start(async () => {
      throw new ApiError('http', { status: 400, reason: 'Registrations are closed until Monday.' });
    });
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'server', reason: 'Registrations are closed until Monday.' });
    expect(actor.getSnapshot().context.values).toEqual(complete);
  });

  it('says in its own words that the address is already registered when the server answers 409 (decision 039)', async () => {
    const { actor, fill, errorLine } = start(async () => {
      throw new ApiError('http', { status: 409, reason: 'Diese E-Mail-Adresse ist bereits registriert' });
    });
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'emailTaken' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(actor.getSnapshot().context.values).toEqual(complete);
  });

  it('marks the postcode the server refuses for the country at its field until the customer changes it (decision 039)', async () => {
    const { actor, fill, errorLine } = start(async () => {
      throw new ApiError('http', { status: 400, reason: 'The postcode does not fit the country DE.' });
    });
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(errorLine()).toEqual({ key: 'postcodeCountry' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ pending_postcode: 'postcode' });
    fill({ pending_city: 'Altona' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ pending_postcode: 'postcode' });
    fill({ pending_postcode: '22765' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('clears the error line after 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, fill, errorLine } = start(async () => {
      throw new ApiError('http', { status: 500 });
    });
    fill();
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(errorLine()).toEqual({ key: 'general' });
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('reports a 401 to the session and keeps the form for the next click', async () => {
    const { actor, fill, sessionInterrupted } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sessionInterrupted).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values).toMatchObject({ firstname: complete.firstname });
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor, fill, errorLine } = start(() => new Promise(() => {}));
    fill();
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});

describe('the registration machine: where the customer goes', () => {
  it('sends the new customer to /waiting once the account is created, and nowhere after a refusal', async () => {
    const navigate = vi.fn();
    let refuse = true;
    const machine = registrationMachine.provide({
      actors: {
        submit: fromPromise<unknown, Record<string, unknown>>(async () => {
          if (refuse) throw new ApiError('http', { status: 400, reason: 'Refused' });
        }),
      },
    });
    const { refs } = stubRefs(
      { loggedIn: false },
      {
        app: (event) => {
          if (event.type === 'navigate') navigate(event.to);
        },
      },
    );
    const actor = createActor(machine, { input: { values: complete, ...refs } }).start();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(navigate).not.toHaveBeenCalled();
    refuse = false;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/waiting');
  });
});
