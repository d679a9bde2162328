import { startForm } from '../support/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import {
  passwordResetMachine,
  validatePasswordReset,
  type PasswordResetValues,
} from '../../src/machines/password-reset.machine';

function start(submit: (values: PasswordResetValues) => Promise<unknown> = async () => undefined) {
  const started = startForm(passwordResetMachine, { submit });
  return { ...started, type: (email: string) => started.change('email', email) };
}

describe('the forgotten-password machine', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for a valid email address only', () => {
    expect(validatePasswordReset({ email: '' })).toEqual({ email: 'required' });
    expect(validatePasswordReset({ email: 'demo@' })).toEqual({ email: 'email' });
    expect(validatePasswordReset({ email: 'demo@example.com' })).toEqual({});
  });

  it('refuses a malformed address, then sends a corrected one once', async () => {
    const { actor, call, navigate, type } = start();
    type('demo@');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'email' });
    type('demo@example.com');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(call).toHaveBeenCalledOnce();
    expect(call).toHaveBeenCalledWith({ email: 'demo@example.com' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('can send another link after a success, keeping the address', async () => {
    const { actor, type } = start();
    type('demo@example.com');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.email).toBe('demo@example.com');
  });

  it('keeps the address and shows the failure for 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, type, errorLine } = start(async () => {
      throw new ApiError('network');
    });
    type('demo@example.com');
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'network' });
    expect(actor.getSnapshot().context.values.email).toBe('demo@example.com');
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('reports a 401 to the session and keeps the address for the next click', async () => {
    const { actor, type, sessionInterrupted } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    type('demo@example.com');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sessionInterrupted).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values.email).toBe('demo@example.com');
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor, type, errorLine } = start(() => new Promise(() => {}));
    type('demo@example.com');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errorLine()).toEqual({ key: 'timeout' });
  });
});
