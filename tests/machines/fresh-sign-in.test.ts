import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { FreshSignInPayload } from '../../src/api/v1-1/reauth';
import type { FreshSignInMethod } from '../../src/domain/entities';
import { timers } from '../../src/domain/constants';
import {
  freshSignInFormMachine,
  freshSignInMachine,
  validateFreshSignIn,
  type FreshSignInFormActor,
} from '../../src/machines/fresh-sign-in.machine';
import { stubRefs } from '../support/portal-refs';

afterEach(() => {
  vi.useRealTimers();
});

function start({
  methods = async () => ['password', 'totp'] as FreshSignInMethod[],
  confirm = async () => {},
}: {
  methods?: () => Promise<FreshSignInMethod[]>;
  confirm?: (payload: FreshSignInPayload) => Promise<void>;
} = {}) {
  const told = vi.fn();
  const confirms = vi.fn(confirm);
  const settled = vi.fn();
  const machine = freshSignInMachine.provide({
    actions: { settle: ({ context }) => settled(context.outcome) },
    actors: {
      loadMethods: fromPromise(() => methods()),
      form: freshSignInFormMachine.provide({
        actors: { submit: fromPromise(({ input }) => confirms(input as FreshSignInPayload)) },
      }),
    },
  });
  const { refs } = stubRefs({}, { session: (event) => told(event) });
  const actor = createActor(machine, { input: refs }).start();
  const form = () => {
    const child = actor.getSnapshot().children.form;
    if (!child) throw new Error('no form is asking');
    return child as FreshSignInFormActor;
  };
  const type = (name: 'secret' | 'method', value: string) =>
    form().send({ type: 'field.change', name, value } as Parameters<FreshSignInFormActor['send']>[0]);
  return { actor, told, confirms, settled, form, type };
}

describe('the fresh sign-in', () => {
  it('reads the ways the account has, then asks for the password first', async () => {
    const { actor, form } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    expect(actor.getSnapshot().context.methods).toEqual(['password', 'totp']);
    expect(form().getSnapshot().context.values).toEqual({ method: 'password', secret: '' });
  });

  it('offers the password alone when the ways cannot be read', async () => {
    const { actor } = start({ methods: () => Promise.reject(new ApiError('network')) });
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    expect(actor.getSnapshot().context.methods).toEqual(['password']);
  });

  it('offers the password alone when the ways take longer than the loading timeout', async () => {
    vi.useFakeTimers();
    const { actor } = start({ methods: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(timers.loadingTimeout - 1);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    expect(actor.getSnapshot().context.methods).toEqual(['password']);
  });

  it('ends confirmed once the server took the password', async () => {
    const { actor, confirms, settled, form, type } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    type('secret', 'Secret-Password-1');
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toBe('confirmed');
    // The calls that wait hear it once.
    expect(settled).toHaveBeenCalledExactlyOnceWith('confirmed');
    expect(confirms).toHaveBeenCalledWith({ method: 'password', secret: 'Secret-Password-1' });
  });

  it('keeps asking after a wrong password, in the server words', async () => {
    const { actor, form, type } = start({
      confirm: () => Promise.reject(new ApiError('http', { status: 400, reason: 'The password is wrong.' })),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    type('secret', 'wrong');
    form().send({ type: 'form.submit' });
    await waitFor(form(), (snapshot) => snapshot.matches('editing') && !snapshot.hasTag('busy'));
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    const errorLine = form().getSnapshot().children.errorLine?.getSnapshot().context.error;
    expect(errorLine).toEqual({ key: 'server', reason: 'The password is wrong.' });
  });

  it('ends with the session over on a 401, without asking for the login itself', async () => {
    const { actor, told, form, type } = start({ confirm: () => Promise.reject(new ApiError('http', { status: 401 })) });
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    type('secret', 'Secret-Password-1');
    form().send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toBe('session-ended');
    // The call that waits ends as a 401 and asks for the login in place: not twice.
    expect(told).not.toHaveBeenCalled();
  });

  it('ends cancelled when the customer gives up, while loading or asking', async () => {
    const early = start({ methods: () => new Promise(() => {}) });
    early.actor.send({ type: 'freshSignIn.cancel' });
    expect(early.actor.getSnapshot().output).toBe('cancelled');

    const { actor, confirms, settled } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    actor.send({ type: 'freshSignIn.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBe('cancelled');
    expect(settled).toHaveBeenCalledExactlyOnceWith('cancelled');
    expect(confirms).not.toHaveBeenCalled();
  });

  it('starts another way with an empty field', async () => {
    const { actor, form, type } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('asking'));
    type('secret', 'typed');
    type('method', 'totp');
    expect(form().getSnapshot().context.values).toEqual({ method: 'totp', secret: '' });
  });
});

describe('the fresh sign-in fields', () => {
  it('need the password, and a code that can be one', () => {
    expect(validateFreshSignIn({ method: 'password', secret: '' })).toEqual({ secret: 'required' });
    expect(validateFreshSignIn({ method: 'password', secret: ' x ' })).toEqual({});
    expect(validateFreshSignIn({ method: 'totp', secret: '' })).toEqual({ secret: 'required' });
    expect(validateFreshSignIn({ method: 'totp', secret: '12 34 5' })).toEqual({ secret: 'invalid' });
    expect(validateFreshSignIn({ method: 'totp', secret: '123 456' })).toEqual({});
    expect(validateFreshSignIn({ method: 'recovery', secret: 'abcd-2345' })).toEqual({});
    expect(validateFreshSignIn({ method: 'passkey', secret: '' })).toEqual({});
  });
});
