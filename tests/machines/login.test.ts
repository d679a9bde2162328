import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { LoginAnswer } from '../../src/api/login';
import type { LoginPayload } from '../../src/api/structs';
import type { FormEvent } from '../../src/machines/form.machine';
import { loginErrorFrom, loginFormMachine, type LoginValues } from '../../src/machines/login-form.machine';
import { loginMachine } from '../../src/machines/login.machine';
import { stubRefs } from '../support/portal-refs';

function start(
  login: (payload: LoginPayload) => Promise<LoginAnswer> = async () => ({ is_active: true }),
  next?: string | null,
) {
  const loggedIn = vi.fn();
  const navigate = vi.fn();
  const call = vi.fn(login);
  const machine = loginMachine.provide({
    actors: {
      form: loginFormMachine.provide({
        actors: { submit: fromPromise(({ input }) => call(input as LoginPayload)) },
      }),
    },
  });
  // A visitor's session, which the login tells of its success, and the app, which shows the next page.
  const { refs } = stubRefs(
    { loggedIn: false },
    {
      session: (event) => loggedIn(event),
      app: (event) => {
        if (event.type === 'navigate') navigate(event.to);
      },
    },
  );
  const actor = createActor(machine, { input: { language: 'en', next, ...refs } }).start();
  // What the customer types and sends goes to the login's form, its child `form` (decision 053).
  // The form as it ended stays readable once the login has left it (the views keep it so too).
  let shown = actor.getSnapshot().children.form;
  const form = () => {
    shown = actor.getSnapshot().children.form ?? shown;
    if (!shown) throw new Error('The login shows no form');
    return shown;
  };
  const send = (event: FormEvent<LoginValues>) => form().send(event);
  const errorLine = () => form().getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  const fill = (email = 'demo@example.com', password = 'Demo-Password-2026') => {
    send({ type: 'field.change', name: 'email', value: email });
    send({ type: 'field.change', name: 'password', value: password });
  };
  /** Where the login is: its own state, or in the form the form's state (`editing`, `submitting` …). */
  const state = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('loggedIn')) return 'loggedIn';
    if (snapshot.matches({ form: 'notActive' })) return 'notActive';
    return form().getSnapshot().value;
  };
  return { actor, call, loggedIn, navigate, errorLine, fill, form, send, state };
}

const never = () => new Promise<never>(() => {});

describe('the login machine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts editing with empty fields', () => {
    const { form, state } = start();
    expect(state()).toBe('editing');
    expect(form().getSnapshot().context.values).toEqual({ email: '', password: '' });
  });

  it('refuses to send empty or malformed fields, shows their errors and updates them live', () => {
    const { call, form, send, state } = start();
    send({ type: 'form.submit', language: 'en' });
    expect(state()).toBe('editing');
    expect(form().getSnapshot().context.fieldErrors).toEqual({ email: 'required', password: 'required' });
    send({ type: 'field.change', name: 'email', value: 'demo@' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({ email: 'email', password: 'required' });
    send({ type: 'field.change', name: 'password', value: 'x' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({ email: 'email' });
    expect(call).not.toHaveBeenCalled();
  });

  it('drops only the error of the field being corrected before the first refused submit', () => {
    const { form, send } = start();
    send({ type: 'field.change', name: 'email', value: 'demo@example.com' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({});
  });

  it('sends the trimmed email, the password and the language of the page once, busy meanwhile', async () => {
    const { actor, call, loggedIn, fill, errorLine, form, send } = start();
    fill('  demo@example.com ');
    send({ type: 'form.submit', language: 'de' });
    send({ type: 'form.submit', language: 'de' });
    expect(form().getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(call).toHaveBeenCalledOnce();
    expect(call).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'Demo-Password-2026', language: 'de' });
    expect(loggedIn.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    // SPEC §4 login message quirk: a successful login shows no message at all.
    expect(errorLine()).toBeNull();
  });

  it('shows the activation notice for an account that is not yet active, and hides it after 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, loggedIn, fill, errorLine, form, send, state } = start(async () => ({ is_active: false }));
    fill();
    send({ type: 'form.submit', language: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBe('notActive');
    expect(actor.getSnapshot().hasTag('notActive')).toBe(true);
    expect(loggedIn).not.toHaveBeenCalled();
    expect(errorLine()).toBeNull();
    vi.advanceTimersByTime(29_999);
    expect(state()).toBe('notActive');
    vi.advanceTimersByTime(1);
    expect(state()).toBe('editing');
    expect(form().getSnapshot().context.values.email).toBe('demo@example.com');
  });

  it('shows the activation notice when the server answers 401', async () => {
    const { actor, fill, send } = start(async () => {
      throw new ApiError('http', { status: 401, reason: 'Not logged in' });
    });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches({ form: 'notActive' }));
  });

  it('lets the customer edit and send again while the activation notice shows', async () => {
    const answers: LoginAnswer[] = [{ is_active: false }, { is_active: true }];
    const { actor, fill, loggedIn, form, send, state } = start(async () => answers.shift() ?? { is_active: true });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches({ form: 'notActive' }));
    send({ type: 'field.change', name: 'password', value: '' });
    expect(state()).toBe('notActive');
    send({ type: 'form.submit', language: 'en' });
    expect(state()).toBe('notActive');
    expect(form().getSnapshot().context.fieldErrors).toEqual({ password: 'required' });
    send({ type: 'field.change', name: 'password', value: 'Demo-Password-2026' });
    send({ type: 'form.submit', language: 'en' });
    expect(form().getSnapshot().matches('submitting')).toBe(true);
    // The notice goes as the form is sent again.
    expect(actor.getSnapshot().hasTag('notActive')).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(loggedIn.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
  });

  it('shows the generic login message for wrong credentials and keeps what was typed', async () => {
    const { fill, errorLine, form, send } = start(async () => {
      throw new ApiError('http', { status: 403, reason: 'Username and password do not match' });
    });
    fill('demo@example.com', 'wrong');
    send({ type: 'form.submit', language: 'en' });
    await waitFor(
      form(),
      (snapshot) => snapshot.matches('editing') && snapshot.context.submitted === false && errorLine() !== null,
    );
    expect(errorLine()).toEqual({ key: 'loginFailed' });
    expect(form().getSnapshot().context.values).toEqual({ email: 'demo@example.com', password: 'wrong' });
  });

  it('clears the error line after 30 seconds and when the form is sent again', async () => {
    vi.useFakeTimers();
    const { fill, errorLine, send } = start(async () => {
      throw new ApiError('network');
    });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    expect(errorLine()).toEqual({ key: 'network' });
    vi.advanceTimersByTime(29_999);
    expect(errorLine()).toEqual({ key: 'network' });
    vi.advanceTimersByTime(1);
    expect(errorLine()).toBeNull();
    send({ type: 'form.submit', language: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    expect(errorLine()).toEqual({ key: 'network' });
    send({ type: 'field.change', name: 'email', value: '' });
    send({ type: 'form.submit', language: 'en' });
    expect(errorLine()).toBeNull();
  });

  it('gives up after the 120 second loading timeout with the timeout message', () => {
    vi.useFakeTimers();
    const { fill, errorLine, form, send, state } = start(never);
    fill();
    send({ type: 'form.submit', language: 'en' });
    vi.advanceTimersByTime(119_999);
    expect(form().getSnapshot().matches('submitting')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state()).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});

describe('how a refused login reads', () => {
  it.each([
    [
      '403 with a text',
      new ApiError('http', { status: 403, reason: 'Username and password do not match' }),
      { key: 'loginFailed' },
    ],
    ['a 4xx without a text', new ApiError('http', { status: 400 }), { key: 'loginFailed' }],
    [
      'a 429 of the rate limit, without a text (decision 031)',
      new ApiError('http', { status: 429 }),
      { key: 'tooManyRequests', waitSeconds: 60 },
    ],
    [
      'a 429 with a text and a Retry-After: too many attempts, with its wait (decision 044)',
      new ApiError('http', { status: 429, reason: 'Too many attempts', retryAfterSeconds: 30 }),
      { key: 'tooManyRequests', waitSeconds: 30 },
    ],
    [
      'another 4xx with a text',
      new ApiError('http', { status: 422, reason: 'Email address malformed' }),
      { key: 'server', reason: 'Email address malformed' },
    ],
    ['a 5xx without a text', new ApiError('http', { status: 500 }), { key: 'general' }],
    [
      'a 5xx with a text (SPEC §8, decision 017)',
      new ApiError('http', { status: 503, reason: 'Maintenance until 2 pm' }),
      { key: 'server', reason: 'Maintenance until 2 pm' },
    ],
    ['a network failure', new ApiError('network'), { key: 'network' }],
    ['a client timeout', new ApiError('timeout'), { key: 'timeout' }],
    ['a malformed answer', new ApiError('invalid-answer'), { key: 'invalidAnswer' }],
    ['anything else', new Error('bug'), { key: 'general' }],
  ])('%s', (_name, error, expected) => {
    expect(loginErrorFrom(error)).toEqual(expected);
  });

  it('starts the session and then sends an active customer to /dashboard', async () => {
    const { actor, loggedIn, navigate, fill, send } = start();
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(loggedIn.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
    expect(loggedIn.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0] ?? 0);
  });

  it('keeps a customer whose account is not yet active on the login page', async () => {
    const { actor, navigate, fill, send } = start(async () => ({ is_active: false }));
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('notActive'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leads back to the page that asked for the login (docs/decisions/027)', async () => {
    const { actor, loggedIn, navigate, fill, send } = start(undefined, '/company');
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(loggedIn).toHaveBeenCalledExactlyOnceWith({ type: 'session.loggedIn' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/company');
  });

  it('goes nowhere after the login in place, where the page is already shown under the dialog', async () => {
    const { actor, loggedIn, navigate, fill, call, send } = start(undefined, null);
    fill();
    send({ type: 'form.submit', language: 'en' });
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
    expect(call).toHaveBeenCalledOnce();
    expect(loggedIn).toHaveBeenCalledExactlyOnceWith({ type: 'session.loggedIn' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
