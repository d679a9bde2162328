import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { LoginAnswer } from '../../src/api/login';
import type { LoginPayload } from '../../src/api/structs';
import type { SecondStepPayload } from '../../src/api/v1-1/sign-in';
import type { FormEvent } from '../../src/machines/form.machine';
import { loginFormMachine, type LoginValues } from '../../src/machines/login-form.machine';
import { loginMachine, secondStepOf } from '../../src/machines/login.machine';
import {
  endsSecondStep,
  secondStepErrorFrom,
  secondStepMachine,
  validateSecondStep,
  type SecondStepValues,
} from '../../src/machines/second-step.machine';
import { stubRefs } from '../support/portal-refs';

const ticket = 'T'.repeat(32);
const passkeyOptions = { challenge: 'abc', allowCredentials: [] };

function asking(second: Partial<NonNullable<LoginAnswer['second_factor']>> = {}): LoginAnswer {
  return { is_active: true, second_factor: { ticket, methods: ['totp', 'recovery'], expires_in: 300, ...second } };
}

function start(
  options: {
    login?: (payload: LoginPayload) => Promise<LoginAnswer>;
    confirm?: (payload: SecondStepPayload) => Promise<void>;
    next?: string | null;
    passkeys?: boolean;
  } = {},
) {
  const loggedIn = vi.fn();
  const navigate = vi.fn();
  const login = vi.fn(options.login ?? (async () => asking()));
  const confirm = vi.fn(options.confirm ?? (async () => {}));
  const machine = loginMachine.provide({
    actors: {
      form: loginFormMachine.provide({
        actors: { submit: fromPromise(({ input }) => login(input as LoginPayload)) },
      }),
      secondStep: secondStepMachine.provide({
        actors: { submit: fromPromise(({ input }) => confirm(input as SecondStepPayload)) },
      }),
    },
  });
  const { refs } = stubRefs(
    { loggedIn: false },
    {
      session: (event) => loggedIn(event),
      app: (event) => {
        if (event.type === 'navigate') navigate(event.to);
      },
    },
  );
  const actor = createActor(machine, {
    input: { language: 'en', next: options.next, passkeys: options.passkeys ?? false, ...refs },
  }).start();
  const form = () => {
    const child = actor.getSnapshot().children.form;
    if (!child) throw new Error('The login shows no password form');
    return child;
  };
  const step = () => {
    const child = actor.getSnapshot().children.secondStep;
    if (!child) throw new Error('The login shows no second step');
    return child;
  };
  const logIn = async () => {
    const send = (event: FormEvent<LoginValues>) => form().send(event);
    send({ type: 'field.change', name: 'email', value: 'demo@example.com' });
    send({ type: 'field.change', name: 'password', value: 'Demo-Password-2026' });
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('secondStep'));
  };
  const answer = (event: FormEvent<SecondStepValues>) => step().send(event);
  const errorLine = () => step().getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, login, confirm, loggedIn, navigate, form, step, logIn, answer, errorLine };
}

describe('the second step of a login', () => {
  afterEach(() => vi.useRealTimers());

  it('follows a password the server answers with a ticket, and logs in once the code is taken', async () => {
    const { actor, confirm, loggedIn, navigate, logIn, answer, step } = start();
    await logIn();
    // No session yet: the password alone opened none.
    expect(loggedIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.step).toEqual({
      ticket,
      methods: ['totp', 'recovery'],
      expiresIn: 300,
      passkeyOptions: undefined,
    });
    expect(step().getSnapshot().context.values).toEqual({ method: 'totp', code: '' });
    answer({ type: 'field.change', name: 'code', value: '123 456' });
    answer({ type: 'form.submit', language: 'en' });
    answer({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(confirm.mock.calls).toEqual([[{ ticket, method: 'totp', code: '123 456', passkeyOptions: undefined }]]);
    expect(loggedIn.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
    expect(navigate.mock.calls).toEqual([['/dashboard']]);
    // The ticket is forgotten as soon as the step is left.
    expect(actor.getSnapshot().context.step).toBeNull();
  });

  it('logs in in place after the second step without leading anywhere', async () => {
    const { actor, loggedIn, navigate, logIn, answer } = start({ next: null });
    await logIn();
    answer({ type: 'field.change', name: 'code', value: '123456' });
    answer({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(loggedIn.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('starts with the recovery code when the account has no authenticator app', async () => {
    const { logIn, step } = start({ login: async () => asking({ methods: ['recovery'] }) });
    await logIn();
    expect(step().getSnapshot().context.values.method).toBe('recovery');
  });

  it('sends a passkey with the challenge of the login answer when the customer picks it', async () => {
    const { actor, confirm, logIn, answer } = start({
      login: async () => asking({ methods: ['passkey', 'totp'], passkey_options: passkeyOptions }),
      passkeys: true,
    });
    await logIn();
    expect(actor.getSnapshot().context.step?.methods).toEqual(['totp', 'passkey']);
    answer({ type: 'field.change', name: 'code', value: '12' });
    answer({ type: 'field.change', name: 'method', value: 'passkey' });
    answer({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(confirm.mock.calls).toEqual([[{ ticket, method: 'passkey', code: '', passkeyOptions }]]);
  });

  it('keeps the customer in the step with the server words after a wrong code', async () => {
    const reason = 'The code is wrong or has expired. 4 attempts left.';
    const { actor, logIn, answer, step, errorLine } = start({
      confirm: async () => {
        throw new ApiError('http', { status: 403, reason, problem: 'invalid-code' });
      },
    });
    await logIn();
    answer({ type: 'field.change', name: 'code', value: '000000' });
    answer({ type: 'form.submit', language: 'en' });
    await waitFor(step(), (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'server', reason });
    expect(actor.getSnapshot().matches('secondStep')).toBe(true);
    expect(step().getSnapshot().context.values.code).toBe('000000');
  });

  it('opens the password form again with what was typed when the server has ended the ticket', async () => {
    const { actor, loggedIn, logIn, answer, form } = start({
      confirm: async () => {
        throw new ApiError('http', { status: 403, problem: 'ticket-expired' });
      },
    });
    await logIn();
    answer({ type: 'field.change', name: 'code', value: '000000' });
    answer({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches({ form: 'signInExpired' }));
    expect(actor.getSnapshot().hasTag('signInExpired')).toBe(true);
    expect(form().getSnapshot().context.values).toEqual({ email: 'demo@example.com', password: 'Demo-Password-2026' });
    expect(actor.getSnapshot().context.step).toBeNull();
    expect(loggedIn).not.toHaveBeenCalled();
  });

  it('ends the step when the ticket time the server gave is up, and the notice after 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, logIn } = start({ login: async () => asking({ expires_in: 60 }) });
    const loggingIn = logIn();
    await vi.advanceTimersByTimeAsync(0);
    await loggingIn;
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().matches('secondStep')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ form: 'signInExpired' })).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('goes back to the password when the customer asks, leaving the ticket behind', async () => {
    const { actor, logIn, form } = start();
    await logIn();
    actor.send({ type: 'secondStep.back' });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.step).toBeNull();
    expect(form().getSnapshot().context.values.email).toBe('demo@example.com');
  });

  it('tells a customer whose account asks for a confirmation this browser cannot give', async () => {
    const { actor, loggedIn, form } = start({
      login: async () => asking({ methods: ['passkey'], passkey_options: passkeyOptions }),
      passkeys: false,
    });
    form().send({ type: 'field.change', name: 'email', value: 'demo@example.com' });
    form().send({ type: 'field.change', name: 'password', value: 'Demo-Password-2026' });
    form().send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches({ form: 'cannotConfirm' }));
    expect(actor.getSnapshot().hasTag('cannotConfirm')).toBe(true);
    expect(loggedIn).not.toHaveBeenCalled();
  });
});

describe('what the login keeps of the server second step', () => {
  const offer = { ticket, methods: ['recovery', 'sms', 'passkey', 'totp'], expires_in: 300 };

  it('keeps the methods it knows in its own order, a passkey only with its challenge and a browser for it', () => {
    expect(secondStepOf({ ...offer, passkey_options: passkeyOptions }, true)?.methods).toEqual([
      'totp',
      'passkey',
      'recovery',
    ]);
    expect(secondStepOf(offer, true)?.methods).toEqual(['totp', 'recovery']);
    expect(secondStepOf({ ...offer, passkey_options: passkeyOptions }, false)?.methods).toEqual(['totp', 'recovery']);
  });

  it('has nothing to ask when no method is one the portal can use', () => {
    expect(secondStepOf(undefined, true)).toBeNull();
    expect(secondStepOf({ ...offer, methods: ['sms'] }, true)).toBeNull();
  });

  it('believes a ticket time between a second and an hour', () => {
    expect(secondStepOf({ ...offer, expires_in: 0 }, false)?.expiresIn).toBe(1);
    expect(secondStepOf({ ...offer, expires_in: 86_400 }, false)?.expiresIn).toBe(3600);
    expect(secondStepOf({ ...offer, expires_in: Number.NaN }, false)?.expiresIn).toBe(300);
  });
});

describe('the second step form', () => {
  it('takes six digits from the authenticator app, spaces allowed', () => {
    expect(validateSecondStep({ method: 'totp', code: '' })).toEqual({ code: 'required' });
    expect(validateSecondStep({ method: 'totp', code: '12345' })).toEqual({ code: 'invalid' });
    expect(validateSecondStep({ method: 'totp', code: '12345a' })).toEqual({ code: 'invalid' });
    expect(validateSecondStep({ method: 'totp', code: '123 456' })).toEqual({});
  });

  it('takes a recovery code of letters, digits and a dash', () => {
    expect(validateSecondStep({ method: 'recovery', code: '  ' })).toEqual({ code: 'required' });
    expect(validateSecondStep({ method: 'recovery', code: 'ab!cd' })).toEqual({ code: 'invalid' });
    expect(validateSecondStep({ method: 'recovery', code: 'abcd-2345' })).toEqual({});
  });

  it('needs nothing typed for a passkey', () => {
    expect(validateSecondStep({ method: 'passkey', code: '' })).toEqual({});
  });

  it('empties the field when the customer picks another way to confirm', () => {
    const { refs } = stubRefs({ loggedIn: false });
    const actor = createActor(secondStepMachine, { input: { ...refs, given: { ticket, passkeyOptions: undefined } } });
    actor.start();
    actor.send({ type: 'field.change', name: 'code', value: '123456' });
    actor.send({ type: 'field.change', name: 'method', value: 'recovery' });
    expect(actor.getSnapshot().context.values).toEqual({ method: 'recovery', code: '' });
  });

  it.each([
    [
      'a refusal in the server words',
      new ApiError('http', { status: 403, reason: 'Used already.' }),
      { key: 'server', reason: 'Used already.' },
    ],
    [
      'a refusal without words',
      new ApiError('http', { status: 403, problem: 'invalid-code' }),
      { key: 'general', own: 'codeRefused' },
    ],
    [
      'too many attempts',
      new ApiError('http', { status: 429, retryAfterSeconds: 90 }),
      { key: 'tooManyRequests', waitSeconds: 90 },
    ],
    [
      'a passkey dialog that ended without one',
      new DOMException('no', 'NotAllowedError'),
      { key: 'general', own: 'passkeyFailed' },
    ],
    [
      'a browser that refuses this site for passkeys',
      new DOMException('no', 'SecurityError'),
      { key: 'general', own: 'passkeyFailed' },
    ],
    ['a server failure', new ApiError('http', { status: 502 }), { key: 'general' }],
    ['no connection', new ApiError('network'), { key: 'network' }],
  ])('reads %s', (_, error, expected) => {
    expect(secondStepErrorFrom(error)).toEqual(expected);
  });

  it('ends with a ticket the server has ended, or a 401, and with no other refusal', () => {
    expect(endsSecondStep(new ApiError('http', { status: 403, problem: 'ticket-expired' }))).toBe(true);
    expect(endsSecondStep(new ApiError('http', { status: 401 }))).toBe(true);
    expect(endsSecondStep(new ApiError('http', { status: 403, problem: 'invalid-code' }))).toBe(false);
    expect(endsSecondStep(new DOMException('no', 'NotAllowedError'))).toBe(false);
  });
});
