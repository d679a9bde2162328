import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { passkeySignInMachine, type PasskeyOffer } from '../../src/machines/passkey-sign-in.machine';
import { stubRefs } from '../support/portal-refs';

function start({
  offer = { offered: true, conditional: false },
  signIn = async () => {},
}: {
  offer?: PasskeyOffer | (() => Promise<PasskeyOffer>);
  signIn?: (input: { conditional: boolean }, signal: AbortSignal) => Promise<void>;
} = {}) {
  const told = vi.fn();
  const navigate = vi.fn();
  const calls: { conditional: boolean }[] = [];
  const signals: AbortSignal[] = [];
  const machine = passkeySignInMachine.provide({
    actors: {
      offer: fromPromise(typeof offer === 'function' ? offer : async () => offer),
      signIn: fromPromise<void, { conditional: boolean }>(({ input, signal }) => {
        calls.push(input);
        signals.push(signal);
        return signIn(input, signal);
      }),
    },
  });
  const { refs } = stubRefs(
    { loggedIn: false },
    {
      session: (event) => told(event),
      app: (event) => {
        if (event.type === 'navigate') navigate(event.to);
      },
    },
  );
  const actor = createActor(machine, { input: { ...refs, next: '/company' } }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, told, navigate, calls, signals, errorLine };
}

const never = () => new Promise<never>(() => {});

describe('the sign-in with a passkey alone', () => {
  it('shows nothing where the server or the browser does not offer it', async () => {
    const { actor, calls } = start({ offer: { offered: false, conditional: false } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().hasTag('offered')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('shows nothing when the probe fails', async () => {
    const { actor } = start({
      offer: async () => {
        throw new Error('chunk failed');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
  });

  it('signs in by the button, tells the session and leads on', async () => {
    const { actor, told, navigate, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('offered'));
    expect(calls).toEqual([]);
    actor.send({ type: 'passkey.signIn' });
    actor.send({ type: 'passkey.signIn' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    expect(calls).toEqual([{ conditional: false }]);
    expect(told.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
    expect(navigate.mock.calls).toEqual([['/company']]);
  });

  it('waits among the browser suggestions where it offers them, and signs in when the customer picks one', async () => {
    let pick = () => {};
    const { actor, told, calls } = start({
      offer: { offered: true, conditional: true },
      signIn: (input) => (input.conditional ? new Promise<void>((resolve) => (pick = resolve)) : never()),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'suggesting' }));
    expect(calls).toEqual([{ conditional: true }]);
    pick();
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    expect(told.mock.calls).toEqual([[{ type: 'session.loggedIn' }]]);
  });

  it('stops waiting among the suggestions when the customer presses the button', async () => {
    const { actor, calls, signals } = start({ offer: { offered: true, conditional: true }, signIn: never });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'suggesting' }));
    actor.send({ type: 'passkey.signIn' });
    expect(signals[0]?.aborted).toBe(true);
    expect(calls).toEqual([{ conditional: true }, { conditional: false }]);
  });

  it('says nothing when the browser ends the suggestions, and keeps the button', async () => {
    const { actor, errorLine } = start({
      offer: { offered: true, conditional: true },
      signIn: async () => {
        throw new DOMException('gone', 'AbortError');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'waiting' }));
    expect(errorLine()).toBeNull();
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
  });

  it.each([
    ['a browser that refuses the site', new DOMException('bad rp', 'SecurityError')],
    ['a challenge the server could not give', new ApiError('http', { status: 404 })],
    ['no connection', new ApiError('network')],
  ])('says nothing of %s while it waits among the suggestions', async (_, failure) => {
    const { actor, errorLine } = start({
      offer: { offered: true, conditional: true },
      signIn: async () => {
        throw failure;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'waiting' }));
    expect(errorLine()).toBeNull();
  });

  it('tells a passkey picked among the suggestions that the server refused', async () => {
    const { actor, errorLine } = start({
      offer: { offered: true, conditional: true },
      signIn: async () => {
        throw new ApiError('http', { status: 403, reason: 'This passkey is not known.', problem: 'passkey-refused' });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'waiting' }));
    expect(errorLine()).toEqual({ key: 'server', reason: 'This passkey is not known.' });
  });

  it('tells a dialog closed without a passkey, and a passkey the server refused, and lets the customer try again', async () => {
    const failures: unknown[] = [
      new DOMException('no', 'NotAllowedError'),
      new ApiError('http', { status: 403, reason: 'This passkey is not known.', problem: 'passkey-refused' }),
    ];
    const { actor, errorLine } = start({
      signIn: async () => {
        throw failures.shift();
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('offered'));
    actor.send({ type: 'passkey.signIn' });
    await waitFor(actor, () => errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'general', own: 'passkeyFailed' });
    actor.send({ type: 'passkey.signIn' });
    expect(errorLine()).toBeNull();
    await waitFor(actor, () => errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'server', reason: 'This passkey is not known.' });
    expect(actor.getSnapshot().matches({ ready: 'waiting' })).toBe(true);
  });
});
