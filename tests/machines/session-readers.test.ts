import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor, type AnyActorLogic, type EventObject } from 'xstate';
import { ApiError } from '../../src/api/error';
import type { SessionRef } from '../../src/machines/session.machine';
import { reloadedUser, sessionUser } from '../../src/machines/session-readers';
import { sessionRenewed } from '../../src/machines/session-renewal';
import { aUser } from '../support/builders';
import { stubSession } from '../support/portal-refs';

/** A machine that runs one reader of the session and keeps what it is told, in order. */
function listen(reader: AnyActorLogic, session: SessionRef) {
  const heard: EventObject[] = [];
  createActor(
    setup({ actors: { reader } }).createMachine({
      invoke: { src: 'reader', input: () => ({ session }) },
      on: { '*': { actions: ({ event }) => void heard.push(event) } },
    }),
  ).start();
  return { heard: () => heard.filter((event) => !event.type.startsWith('xstate.')) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session user reader', () => {
  it("tells the form the session's user at once, and again only when GET /me brings another one", async () => {
    const first = aUser({ firstname: 'Erika' });
    const stub = stubSession({ user: first });
    const { heard } = listen(sessionUser, stub.session);
    expect(heard()).toEqual([{ type: 'user.known', user: first }]);

    stub.loadUser.mockResolvedValueOnce(first);
    stub.session.send({ type: 'user.reload' });
    await waitFor(stub.session, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(heard()).toHaveLength(1);

    const second = aUser({ firstname: 'Erik' });
    stub.loadUser.mockResolvedValueOnce(second);
    stub.session.send({ type: 'user.reload' });
    await waitFor(stub.session, (snapshot) => snapshot.context.user === second);
    expect(heard()).toEqual([
      { type: 'user.known', user: first },
      { type: 'user.known', user: second },
    ]);
  });

  it('tells nothing while the session holds no user, and the user once GET /me brings one', async () => {
    const stub = stubSession({ user: null });
    const { heard } = listen(sessionUser, stub.session);
    expect(heard()).toEqual([]);

    const loaded = aUser({ firstname: 'Nora' });
    stub.loadUser.mockResolvedValueOnce(loaded);
    stub.session.send({ type: 'user.retry' });
    await waitFor(stub.session, (snapshot) => snapshot.context.user === loaded);
    expect(heard()).toEqual([{ type: 'user.known', user: loaded }]);
  });
});

describe('the reloaded user reader', () => {
  it('asks the session for one GET /me and tells the user it brought', async () => {
    const stub = stubSession();
    const reloaded = aUser({ lastname: 'Musterfrau' });
    stub.loadUser.mockResolvedValueOnce(reloaded);
    const { heard } = listen(reloadedUser, stub.session);
    await settled();
    expect(stub.received()).toEqual([{ type: 'user.reload' }]);
    expect(heard()).toEqual([{ type: 'user.reloaded', user: reloaded }]);
    expect(stub.loadUser).toHaveBeenCalledTimes(1);
  });

  it('asks for no second GET /me while one is under way, and tells what that one brought', async () => {
    const stub = stubSession();
    const reloaded = aUser({ phone: '+49 40 7654321' });
    let answer: (user: typeof reloaded) => void = () => {};
    stub.loadUser.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    stub.session.send({ type: 'user.reload' });
    const { heard } = listen(reloadedUser, stub.session);
    expect(stub.received()).toEqual([{ type: 'user.reload' }]);

    answer(reloaded);
    await settled();
    expect(stub.loadUser).toHaveBeenCalledTimes(1);
    expect(heard()).toEqual([{ type: 'user.reloaded', user: reloaded }]);
  });

  it('tells the failure when GET /me fails', async () => {
    const stub = stubSession();
    stub.loadUser.mockRejectedValueOnce(new ApiError('http', { status: 500 }));
    const { heard } = listen(reloadedUser, stub.session);
    await settled();
    expect(heard()).toEqual([{ type: 'user.reloadFailed' }]);
  });
});

describe('the session renewal reader', () => {
  it('tells the machine once a login in place gives back the session a 401 interrupted, and each time again', async () => {
    const stub = stubSession();
    const { heard } = listen(sessionRenewed, stub.session);
    stub.session.send({ type: 'user.reload' });
    await waitFor(stub.session, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(heard()).toEqual([]);

    for (const round of [1, 2]) {
      stub.session.send({ type: 'session.interrupted' });
      expect(heard()).toHaveLength(round - 1);
      stub.session.send({ type: 'session.loggedIn' });
      await waitFor(stub.session, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
      expect(heard()).toEqual(Array.from({ length: round }, () => ({ type: 'session.renewed' })));
    }
  });

  it('tells nothing when the login in place is given up and the session ends, nor at the login after', async () => {
    const cancelled = stubSession();
    const first = listen(sessionRenewed, cancelled.session);
    cancelled.session.send({ type: 'session.interrupted' });
    cancelled.session.send({ type: 'relogin.cancel' });
    cancelled.session.send({ type: 'session.loggedIn' });
    await waitFor(cancelled.session, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(first.heard()).toEqual([]);
  });

  it('counts a session already asking for the login when it starts as interrupted', async () => {
    const stub = stubSession();
    stub.session.send({ type: 'session.interrupted' });
    const { heard } = listen(sessionRenewed, stub.session);
    stub.session.send({ type: 'session.loggedIn' });
    await waitFor(stub.session, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(heard()).toEqual([{ type: 'session.renewed' }]);
  });
});
