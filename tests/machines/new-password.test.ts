import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { ChangePasswordPayload } from '../../src/api/structs';
import {
  isLinkRefusal,
  newPasswordFormMachine,
  validateNewPassword,
} from '../../src/machines/new-password-form.machine';
import { newPasswordMachine, type NewPasswordInput } from '../../src/machines/new-password.machine';
import type { FormEvent } from '../../src/machines/form.machine';
import type { NewPasswordValues } from '../../src/machines/new-password-form.machine';
import { stubRefs } from '../support/portal-refs';

const strong = 'Correct-Horse-Battery-9';
type Link = Pick<NewPasswordInput, 'email' | 'token'>;
const link: Link = { email: 'demo@example.com', token: 'abc123' };

/** The page's machine with its form, whose call is `change`; what the customer does goes to the form. */
function start(change: (payload: ChangePasswordPayload) => Promise<void> = async () => {}, input: Link = link) {
  const changed = vi.fn();
  const call = vi.fn(change);
  const machine = newPasswordMachine.provide({
    actors: {
      form: newPasswordFormMachine.provide({
        actors: { submit: fromPromise(({ input: payload }) => call(payload as ChangePasswordPayload)) },
      }),
    },
    actions: { changed },
  });
  const { refs, app } = stubRefs({ loggedIn: false });
  const actor = createActor(machine, { input: { ...input, ...refs } }).start();
  const form = () => {
    const child = actor.getSnapshot().children.form;
    if (!child) throw new Error('The page shows no form');
    return child;
  };
  const send = (event: FormEvent<NewPasswordValues>) => form().send(event);
  const errorLine = () => form().getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  const fill = (password = strong, confirmation = password) => {
    send({ type: 'field.change', name: 'password', value: password });
    send({ type: 'field.change', name: 'confirmation', value: confirmation });
  };
  return { actor, app, call, changed, errorLine, fill, form, send };
}

describe('the new-password rules', () => {
  it('require both fields, the policy of SPEC §5 and a matching repetition', () => {
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({
      password: 'required',
      confirmation: 'required',
    });
    expect(validateNewPassword({ password: 'short-A1', confirmation: 'short-A1' })).toEqual({
      password: 'passwordPolicy',
    });
    expect(validateNewPassword({ password: strong, confirmation: `${strong}x` })).toEqual({
      confirmation: 'passwordMismatch',
    });
    expect(validateNewPassword({ password: strong, confirmation: strong })).toEqual({});
  });

  it('treat refusals of the link as such and nothing else', () => {
    for (const status of [400, 401, 403, 404, 410]) expect(isLinkRefusal(new ApiError('http', { status }))).toBe(true);
    for (const status of [409, 429, 500]) expect(isLinkRefusal(new ApiError('http', { status }))).toBe(false);
    expect(isLinkRefusal(new ApiError('network'))).toBe(false);
    expect(isLinkRefusal(new Error('x'))).toBe(false);
  });
});

describe('the new-password machine', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['no token', { email: 'demo@example.com', token: null }],
    ['a blank token', { email: 'demo@example.com', token: '  ' }],
    ['no email', { email: null, token: 'abc' }],
    ['a malformed email', { email: 'demo', token: 'abc' }],
  ])('shows no form for a link with %s', (_name, input) => {
    const { actor } = start(undefined, input);
    expect(actor.getSnapshot().value).toBe('linkMissing');
    expect(actor.getSnapshot().hasTag('linkInvalid')).toBe(true);
  });

  it('opens the form for a link with email and token', () => {
    const { actor, form } = start();
    expect(actor.getSnapshot().value).toBe('form');
    expect(form().getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'demo@example.com', token: 'abc123' });
  });

  it('refuses passwords that do not match, with live errors, and sends nothing', () => {
    const { call, fill, form, send } = start();
    fill(strong, 'Correct-Horse-Battery-8');
    expect(form().getSnapshot().context.fieldErrors).toEqual({});
    send({ type: 'form.submit', language: 'en' });
    expect(form().getSnapshot().value).toBe('editing');
    expect(form().getSnapshot().context.fieldErrors).toEqual({ confirmation: 'passwordMismatch' });
    send({ type: 'field.change', name: 'confirmation', value: strong });
    expect(form().getSnapshot().context.fieldErrors).toEqual({});
    expect(call).not.toHaveBeenCalled();
  });

  it('sends email, password, language and token once, then reports the change', async () => {
    const { actor, call, changed, fill, form, send } = start();
    fill();
    send({ type: 'form.submit', language: 'de' });
    send({ type: 'form.submit', language: 'de' });
    expect(form().getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('changed'));
    expect(call).toHaveBeenCalledOnce();
    expect(call).toHaveBeenCalledWith({ email: 'demo@example.com', password: strong, language: 'de', token: 'abc123' });
    expect(changed).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
  });

  it('ends with the server reason when the server refuses the link', async () => {
    const { actor, fill, changed, send } = start(async () => {
      throw new ApiError('http', { status: 400, reason: 'This link is invalid or has expired' });
    });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('linkRefused'));
    expect(actor.getSnapshot().hasTag('linkInvalid')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBe('This link is invalid or has expired');
    expect(changed).not.toHaveBeenCalled();
  });

  it('keeps no reason for a refused link without a text', async () => {
    const { actor, fill, send } = start(async () => {
      throw new ApiError('http', { status: 410 });
    });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('linkRefused'));
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('keeps both fields and shows other failures on the error line for 30 seconds', async () => {
    vi.useFakeTimers();
    const { fill, errorLine, form, send } = start(async () => {
      throw new ApiError('http', { status: 500 });
    });
    fill();
    send({ type: 'form.submit', language: 'en' });
    await vi.advanceTimersByTimeAsync(0);
    expect(form().getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'general' });
    expect(form().getSnapshot().context.values).toEqual({ password: strong, confirmation: strong });
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { fill, errorLine, form, send } = start(() => new Promise(() => {}));
    fill();
    send({ type: 'form.submit', language: 'en' });
    vi.advanceTimersByTime(120_000);
    expect(form().getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});

describe('the new-password machine: where the customer goes', () => {
  it('sends the customer to /login with the password-changed notice after the change', async () => {
    const { actor, app, fill, send } = start();
    fill();
    send({ type: 'form.submit', language: 'en' });
    expect(app.navigations()).toEqual([]);
    await waitFor(actor, (snapshot) => snapshot.matches('changed'));
    expect(app.navigations()).toEqual(['/login/changed']);
  });
});

describe('the link of the new-password page', () => {
  it('reads the email and the token trimmed, and starts with empty fields', () => {
    const { actor, form } = start(undefined, { email: ' demo@example.com ', token: ' abc123\n' });
    expect(actor.getSnapshot().context).toMatchObject({ email: 'demo@example.com', token: 'abc123' });
    expect(form().getSnapshot().context.values).toEqual({ password: '', confirmation: '' });
  });

  it('has no link without an email or with a blank token', () => {
    const noEmail = start(undefined, { email: null, token: 'abc123' }).actor.getSnapshot();
    expect(noEmail.context.email).toBe('');
    expect(noEmail.value).toBe('linkMissing');
    const blank = start(undefined, { email: 'demo@example.com', token: '   ' }).actor.getSnapshot();
    expect(blank.context.token).toBe('');
    expect(blank.value).toBe('linkMissing');
  });
});
