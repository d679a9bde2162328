import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { SecurityOverview } from '../../src/api/v1-1/security';
import type { FactorAdded } from '../../src/api/v1-1/security';
import {
  passkeyEnrolmentErrorFrom,
  passkeyEnrolmentMachine,
  validatePasskeyName,
  type PasskeyEnrolmentActor,
  type PasskeyNameValues,
} from '../../src/machines/passkey-enrolment.machine';
import { securityMachine, type SessionsToEnd } from '../../src/machines/security.machine';
import { stubRefs } from '../support/portal-refs';

const overview: SecurityOverview = {
  protection: { factors: [], recovery_codes_left: 0 },
  sessions: [
    {
      id: 'a',
      current: true,
      created_at: '2026-11-29T08:00:00Z',
      last_seen_at: '2026-11-29T08:05:00Z',
      device: 'Chrome on Linux',
    },
    { id: 'b', current: false, created_at: '2026-11-28T08:00:00Z', last_seen_at: '2026-11-28T09:00:00Z', device: null },
  ],
};

const passkeyFactor = { id: 'p1', type: 'passkey', name: 'Laptop', created_at: '2026-11-29T08:00:00Z' };

function start({
  offered = true,
  load = async () => overview,
  end = async () => {},
  remove = async () => {},
  renew = async () => ['abcd-2345', 'efgh-6789'],
  addPasskey = async () => ({ factor: passkeyFactor, recovery_codes: ['abcd-2345'] }),
}: {
  offered?: boolean;
  load?: () => Promise<SecurityOverview>;
  end?: (which: SessionsToEnd) => Promise<void>;
  remove?: (which: { id: string }) => Promise<void>;
  renew?: () => Promise<string[]>;
  addPasskey?: (values: PasskeyNameValues) => Promise<FactorAdded>;
} = {}) {
  const told = vi.fn();
  const ends = vi.fn(end);
  const loads = vi.fn(load);
  const removes = vi.fn(remove);
  const renews = vi.fn(renew);
  const adds = vi.fn(addPasskey);
  const machine = securityMachine.provide({
    actors: {
      offered: fromPromise(async () => offered),
      load: fromPromise(() => loads()),
      end: fromPromise<void, SessionsToEnd>(({ input }) => ends(input)),
      removeFactor: fromPromise<void, { id: string }>(({ input }) => removes(input)),
      renewCodes: fromPromise(() => renews()),
      passkeyForm: passkeyEnrolmentMachine.provide({
        actors: { submit: fromPromise(({ input }) => adds(input as PasskeyNameValues)) },
      }),
    },
  });
  const { refs } = stubRefs({}, { session: (event) => told(event) });
  const actor = createActor(machine, { input: refs }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, told, ends, loads, removes, renews, adds, errorLine };
}

describe('the security page', () => {
  it('says that the server offers no second factors, and reads nothing', async () => {
    const { actor, loads } = start({ offered: false });
    await waitFor(actor, (snapshot) => snapshot.hasTag('unavailable'));
    expect(loads).not.toHaveBeenCalled();
  });

  it('reads the protection and the sessions where the server offers them', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.overview).toEqual(overview);
  });

  it('keeps why the read failed, with a retry', async () => {
    const answers = [Promise.reject(new ApiError('network')), Promise.resolve(overview)];
    answers[0]?.catch(() => {});
    const { actor } = start({ load: () => answers.shift() ?? Promise.resolve(overview) });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'network' });
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ends the session when the read is answered 401', async () => {
    const { actor, told } = start({
      load: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(told.mock.calls).toEqual([[{ type: 'session.expired' }]]);
  });

  it('ends another session, one call at a time, and reads the sessions again', async () => {
    const { actor, ends, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'session.end', id: 'b' });
    actor.send({ type: 'sessions.endOthers' });
    expect(actor.getSnapshot().hasTag('ending')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.mock.calls.length === 2);
    expect(ends.mock.calls).toEqual([[{ id: 'b' }]]);
    actor.send({ type: 'sessions.endOthers' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.mock.calls.length === 3);
    expect(ends.mock.calls).toEqual([[{ id: 'b' }], ['others']]);
    expect(actor.getSnapshot().context.ending).toBeNull();
  });

  it('tells a refused ending on the error line and keeps the sessions shown', async () => {
    const { actor, errorLine } = start({
      end: async () => {
        throw new ApiError('http', {
          status: 403,
          reason: 'Please confirm that it is you.',
          problem: 'reauth-required',
        });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'session.end', id: 'b' });
    await waitFor(actor, () => errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'server', reason: 'Please confirm that it is you.' });
    expect(actor.getSnapshot().context.overview).toEqual(overview);
  });

  it('ends the session when an ending is answered 401', async () => {
    const { actor, told } = start({
      end: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'sessions.endOthers' });
    await waitFor(actor, () => told.mock.calls.length > 0);
    expect(told.mock.calls).toEqual([[{ type: 'session.expired' }]]);
  });

  it('gives up a read or an ending without an answer after the loading timeout', async () => {
    vi.useFakeTimers();
    try {
      const never = () => new Promise<never>(() => {});
      const { actor } = start({ load: never });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the factors and the recovery codes', () => {
  it('removes a factor only once the customer confirms it, then reads the protection again', async () => {
    const { actor, removes, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'factor.remove', id: 'f1' });
    expect(actor.getSnapshot().context.removing).toBe('f1');
    actor.send({ type: 'change.keep' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.removing).toBeNull();
    expect(removes).not.toHaveBeenCalled();

    actor.send({ type: 'factor.remove', id: 'f2' });
    actor.send({ type: 'change.confirm' });
    expect(actor.getSnapshot().hasTag('changing')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.mock.calls.length === 2);
    expect(removes.mock.calls).toEqual([[{ id: 'f2' }]]);
    expect(actor.getSnapshot().context.removing).toBeNull();
  });

  it('tells a refused removal on the factors card, and keeps what was shown', async () => {
    const { actor, errorLine } = start({
      remove: async () => {
        throw new ApiError('http', { status: 409, reason: 'Add another factor first.' });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'factor.remove', id: 'f1' });
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, () => errorLine() !== null);
    expect(errorLine()).toEqual({ key: 'server', reason: 'Add another factor first.' });
    expect(actor.getSnapshot().context.changed).toBe('factors');
    expect(actor.getSnapshot().context.overview).toEqual(overview);
  });

  it('shows new recovery codes once asked twice, until the customer has kept them', async () => {
    const { actor, renews, loads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'recoveryCodes.renew' });
    actor.send({ type: 'change.keep' });
    expect(renews).not.toHaveBeenCalled();
    actor.send({ type: 'recoveryCodes.renew' });
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingCodes'));
    expect(actor.getSnapshot().context.newCodes).toEqual(['abcd-2345', 'efgh-6789']);
    actor.send({ type: 'codes.done' });
    expect(actor.getSnapshot().context.newCodes).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.mock.calls.length === 2);
  });

  it('ends the session when a removal or a renewal is answered 401', async () => {
    const unauthorized = async () => {
      throw new ApiError('http', { status: 401 });
    };
    const { actor, told } = start({ remove: unauthorized, renew: unauthorized });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'factor.remove', id: 'f1' });
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, () => told.mock.calls.length === 1);
    actor.send({ type: 'recoveryCodes.renew' });
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, () => told.mock.calls.length === 2);
    expect(told.mock.calls).toEqual([[{ type: 'session.expired' }], [{ type: 'session.expired' }]]);
  });

  it('gives up a removal or a renewal without an answer after the loading timeout', async () => {
    vi.useFakeTimers();
    try {
      const never = () => new Promise<never>(() => {});
      const { actor, errorLine } = start({ remove: never, renew: never });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'factor.remove', id: 'f1' });
      actor.send({ type: 'change.confirm' });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(errorLine()).toEqual({ key: 'timeout' });
      actor.send({ type: 'recoveryCodes.renew' });
      actor.send({ type: 'change.confirm' });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('adding a passkey', () => {
  function passkeyForm(actor: ReturnType<typeof start>['actor']): PasskeyEnrolmentActor {
    const form = actor.getSnapshot().children.passkeyForm;
    if (!form) throw new Error('no passkey form');
    return form as PasskeyEnrolmentActor;
  }

  it('names the passkey, adds it, and shows the recovery codes the first factor brings', async () => {
    const { actor, adds } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'passkey.add' });
    const form = passkeyForm(actor);
    form.send({ type: 'form.submit' });
    expect(form.getSnapshot().context.fieldErrors).toEqual({ name: 'required' });
    form.send({ type: 'field.change', name: 'name', value: 'Laptop' });
    form.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingCodes'));
    expect(adds).toHaveBeenCalledWith({ name: 'Laptop' });
    expect(actor.getSnapshot().context.newCodes).toEqual(['abcd-2345']);
  });

  it('reads the protection again after a passkey that brought no codes, and closes when given up', async () => {
    const { actor, loads } = start({ addPasskey: async () => ({ factor: passkeyFactor }) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'passkey.add' });
    actor.send({ type: 'passkey.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'passkey.add' });
    passkeyForm(actor).send({ type: 'field.change', name: 'name', value: 'Key' });
    passkeyForm(actor).send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && loads.mock.calls.length === 2);
    expect(actor.getSnapshot().context.newCodes).toBeNull();
  });

  it('keeps the name and says so when the browser made no passkey', async () => {
    const { actor } = start({
      addPasskey: () =>
        Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'passkey.add' });
    const form = passkeyForm(actor);
    form.send({ type: 'field.change', name: 'name', value: 'Laptop' });
    form.send({ type: 'form.submit' });
    await waitFor(form, (snapshot) => snapshot.children.errorLine?.getSnapshot().context.error != null);
    expect(form.getSnapshot().children.errorLine?.getSnapshot().context.error).toEqual({
      key: 'general',
      own: 'passkeyNotAdded',
    });
    expect(form.getSnapshot().context.values).toEqual({ name: 'Laptop' });
    expect(actor.getSnapshot().matches('addingPasskey')).toBe(true);
  });
});

describe('the passkey name and its failures', () => {
  it('needs a name of at most 60 characters', () => {
    expect(validatePasskeyName({ name: '  ' })).toEqual({ name: 'required' });
    expect(validatePasskeyName({ name: 'x'.repeat(60) })).toEqual({});
    expect(validatePasskeyName({ name: 'x'.repeat(61) })).toEqual({ name: 'tooLong' });
  });

  it('waits after too many attempts, and says other failures as every form does', () => {
    expect(passkeyEnrolmentErrorFrom(new ApiError('http', { status: 429, retryAfterSeconds: 30 }))).toEqual({
      key: 'tooManyRequests',
      waitSeconds: 30,
    });
    expect(passkeyEnrolmentErrorFrom(new ApiError('network'))).toEqual({ key: 'network' });
  });
});
