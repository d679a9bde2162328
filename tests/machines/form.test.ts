import { startForm } from '../support/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { fieldErrors, email, text } from '../../src/domain/fields';
import { createFormMachine, type FormMachine } from '../../src/machines/form.machine';
import { object } from 'superstruct';

interface Values extends Record<string, unknown> {
  email: string;
  name: string;
}

const rules = object({ email, name: text({ required: true }) });

const exampleForm = () =>
  createFormMachine<Values>({
    id: 'example',
    description: 'test form',
    initialValues: { email: '', name: '' },
    validate: (values) => fieldErrors(rules, values),
    submit: async () => {
      throw new Error('replaced in the test');
    },
  });

function start(submit: (values: Values) => Promise<unknown> = async () => 'ok') {
  return startForm(exampleForm(), { values: { name: 'Ann' }, submit });
}

describe('the form machine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts from its initial values merged with the input', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.values).toEqual({ email: '', name: 'Ann' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses to submit invalid fields and shows their errors, then updates them live', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'required' });
    actor.send({ type: 'field.change', name: 'email', value: 'nope' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'email' });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('submits once, is busy meanwhile, and reports success', async () => {
    const { actor, call: submit, tellApp, navigate } = start();
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(submit).toHaveBeenCalledOnce();
    expect(submit).toHaveBeenCalledWith({ email: 'a@example.com', name: 'Ann' });
    expect(tellApp).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps every value and shows the server reason when the call fails', async () => {
    const { actor, errorLine } = start(async () => {
      throw new ApiError('http', { status: 409, reason: 'Taken' });
    });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.values).toEqual({ email: 'a@example.com', name: 'Ann' });
    expect(errorLine()).toEqual({ key: 'server', reason: 'Taken' });
  });

  it('clears the error line after 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start(async () => {
      throw new ApiError('network');
    });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(errorLine()).toEqual({ key: 'network' }));
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('tells the session when the call answers 401', async () => {
    const { actor, sessionInterrupted, errorLine } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sessionInterrupted).toHaveBeenCalledOnce();
    expect(errorLine()).toEqual({ key: 'sessionExpired' });
  });

  it('after too many attempts (429) says how long to wait, takes no submission before then, and takes one after (decision 044)', async () => {
    vi.useFakeTimers();
    let answer: unknown = new ApiError('http', { status: 429, retryAfterSeconds: 45 });
    const { actor, errorLine, call } = start(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    // Not vi.waitFor: with fake timers every try of it moves the clock on.
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(errorLine()).toEqual({ key: 'tooManyRequests', waitSeconds: 45 });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    // Typing goes on while the form waits.
    actor.send({ type: 'field.change', name: 'name', value: 'Bea' });
    vi.advanceTimersByTime(44_999);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    // The message outlives the error line's 30 seconds: it stays for the whole wait.
    expect(errorLine()).toEqual({ key: 'tooManyRequests', waitSeconds: 45 });
    expect(call).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toBeNull();
    answer = 'ok';
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('done')).toBe(true));
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenLastCalledWith({ email: 'a@example.com', name: 'Bea' });
  });

  it('waits a minute after a 429 without Retry-After', async () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start(async () => {
      throw new ApiError('http', { status: 429 });
    });
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    // Not vi.waitFor: with fake timers every try of it moves the clock on.
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(errorLine()).toEqual({ key: 'tooManyRequests', waitSeconds: 60 });
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start(() => new Promise(() => {}));
    actor.send({ type: 'field.change', name: 'email', value: 'a@example.com' });
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});

describe('a form that ends', () => {
  /** A form whose refused code ends it, and whose call sends the page's language with the values. */
  const endingForm = () =>
    createFormMachine<Values, undefined, Values & { language: string }, { id: number }>({
      id: 'ending',
      description: 'test form that ends',
      initialValues: { email: 'a@example.com', name: 'Ann' },
      validate: (values) => fieldErrors(rules, values),
      payload: ({ values, language }) => ({ ...values, language }),
      submit: async () => ({ id: 1 }),
      endsOnSuccess: true,
      endsOnError: (error) => error instanceof ApiError && (error.status === 401 || error.status === 410),
    });

  function startEnding(submit: (payload: Values) => Promise<unknown>) {
    const started = startForm(endingForm() as never as FormMachine<Values>, { submit });
    const output = () => started.actor.getSnapshot().output as unknown;
    return { ...started, output };
  }

  it('ends with the answer of its call and the values, sending the language of the submit', async () => {
    const { actor, call, output } = startEnding(async () => ({ id: 7 }));
    actor.send({ type: 'form.submit', language: 'de' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(call).toHaveBeenCalledWith({ email: 'a@example.com', name: 'Ann', language: 'de' });
    expect(output()).toEqual({ values: { email: 'a@example.com', name: 'Ann' }, ending: { answer: { id: 7 } } });
  });

  it('sends English when no submit named a language', async () => {
    const { actor, call } = startEnding(async () => ({ id: 7 }));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(call).toHaveBeenCalledWith({ email: 'a@example.com', name: 'Ann', language: 'en' });
  });

  it('ends with a failure it names, a 401 included, and tells no session of it', async () => {
    const gone = new ApiError('http', { status: 401 });
    const { actor, output, sessionInterrupted, errorLine } = startEnding(async () => {
      throw gone;
    });
    actor.send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('refused');
    expect(output()).toEqual({ values: { email: 'a@example.com', name: 'Ann' }, ending: { refusal: gone } });
    expect(sessionInterrupted).not.toHaveBeenCalled();
    expect(errorLine()).toBeNull();
  });

  it('returns to the form after a failure it does not name', async () => {
    const { actor, errorLine } = startEnding(async () => {
      throw new ApiError('http', { status: 409, reason: 'Taken' });
    });
    actor.send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && errorLine() !== null);
    expect(actor.getSnapshot().status).toBe('active');
    expect(errorLine()).toEqual({ key: 'server', reason: 'Taken' });
  });
});

describe('the failures of a form that a 401 ends', () => {
  /** The guards of the call's failures, in their order, as the machine was built. */
  const failureGuards = (machine: { root: { states: Record<string, { transitions: Map<string, unknown[]> }> } }) => {
    const submitting = machine.root.states.submitting;
    const [, transitions = []] =
      [...(submitting?.transitions.entries() ?? [])].find(([type]) => type.startsWith('xstate.error.actor.')) ?? [];
    return transitions.map((transition) => (transition as { guard?: string }).guard ?? null);
  };
  const form = (endsOnError?: (error: unknown) => boolean) =>
    createFormMachine<Values>({
      id: 'guarded',
      description: 'test form',
      initialValues: { email: '', name: '' },
      validate: () => ({}),
      submit: async () => undefined,
      ...(endsOnError ? { endsOnError } : {}),
    });

  it('have no branch that ends a session, which could never be taken', () => {
    const unauthorized = (error: unknown) => error instanceof ApiError && error.isUnauthorized;
    expect(failureGuards(form(unauthorized))).toEqual(['endsForm', 'isTooManyRequests', null]);
  });

  it('keep it where the form ends on other failures only, or on none', () => {
    const gone = (error: unknown) => error instanceof ApiError && error.status === 410;
    expect(failureGuards(form(gone))).toEqual(['endsForm', 'isUnauthorized', 'isTooManyRequests', null]);
    expect(failureGuards(form())).toEqual(['isUnauthorized', 'isTooManyRequests', null]);
  });
});
