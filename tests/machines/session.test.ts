import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { User } from '../../src/domain/entities';
import type { Language } from '../../src/domain/constants';
import {
  selectIsLoadingUser,
  selectIsLoggingOut,
  selectLoadedUser,
  selectUserFailed,
  sessionMachine,
} from '../../src/machines/session.machine';
import { aUser } from '../support/builders';

const user: User = aUser({ language: 'de', firstname: 'D', lastname: 'E', phone: null });

function start(
  options: {
    loggedIn?: boolean;
    loadUser?: () => Promise<User>;
    logout?: () => Promise<void>;
    saveLanguage?: (language: Language) => Promise<void>;
  } = {},
) {
  const persist = vi.fn();
  const goToLogin = vi.fn();
  const goToLoginUnconfirmed = vi.fn();
  const forgetClientState = vi.fn();
  const leaveAccount = vi.fn();
  const saveLanguage = vi.fn(options.saveLanguage ?? (async () => {}));
  const machine = sessionMachine.provide({
    actors: {
      loadUser: fromPromise<User>(options.loadUser ?? (async () => user)),
      logout: fromPromise<void>(options.logout ?? (async () => {})),
      saveLanguage: fromPromise<void, { language: Language }>(({ input }) => saveLanguage(input.language)),
    },
    actions: {
      persist: ({ context }) => persist({ loggedIn: context.loggedIn, language: context.language }),
      goToLogin,
      goToLoginUnconfirmed,
      forgetClientState,
      leaveAccount,
    },
  });
  const actor = createActor(machine, { input: { loggedIn: options.loggedIn ?? false, language: 'en' } }).start();
  return { actor, persist, goToLogin, goToLoginUnconfirmed, forgetClientState, leaveAccount, saveLanguage };
}

describe('the session machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts logged out when the browser session holds no login', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
  });

  it('loads the user with /me when the browser session holds a login', async () => {
    const { actor } = start({ loggedIn: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('logs out silently when /me answers 401', async () => {
    const { actor, persist, goToLogin } = start({
      loggedIn: true,
      loadUser: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
    expect(actor.getSnapshot().context).toMatchObject({ loggedIn: false, user: null, error: null });
    expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'en' });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('keeps the session and offers a retry when /me fails otherwise', async () => {
    let calls = 0;
    const { actor } = start({
      loggedIn: true,
      loadUser: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('network');
        return user;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'failed' } }));
    expect(actor.getSnapshot().context).toMatchObject({ loggedIn: true, error: { key: 'network' } });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts a session after a login and remembers it in the browser session', async () => {
    const { actor, persist } = start();
    actor.send({ type: 'session.loggedIn' });
    expect(persist).toHaveBeenLastCalledWith({ loggedIn: true, language: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
  });

  it('reloads the user on request', async () => {
    const loadUser = vi.fn(async () => user);
    const { actor } = start({ loggedIn: true, loadUser });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    actor.send({ type: 'user.reload' });
    expect(actor.getSnapshot().matches({ auth: { loggedIn: 'loadingUser' } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(loadUser).toHaveBeenCalledTimes(2);
  });

  it('logs out with /logout and shows /login', async () => {
    const { actor, persist, goToLogin, goToLoginUnconfirmed, forgetClientState } = start({ loggedIn: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    actor.send({ type: 'session.logout' });
    expect(forgetClientState).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ auth: 'loggingOut' })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(goToLoginUnconfirmed).not.toHaveBeenCalled();
    expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'en' });
    expect(forgetClientState).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it.each([
    ['fails on the network', new ApiError('network')],
    ['is refused by the proxy (a tab from before the release, decision 031)', new ApiError('http', { status: 403 })],
    ['fails on the server', new ApiError('http', { status: 500 })],
  ])(
    'forgets the session on this device when /logout %s, and says the server did not confirm it (decision 044)',
    async (_name, error) => {
      const { actor, goToLogin, goToLoginUnconfirmed, forgetClientState, persist } = start({
        loggedIn: true,
        logout: async () => {
          throw error;
        },
      });
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
      expect(goToLoginUnconfirmed).toHaveBeenCalledOnce();
      expect(goToLogin).not.toHaveBeenCalled();
      expect(forgetClientState).toHaveBeenCalledOnce();
      expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'en' });
      expect(actor.getSnapshot().context).toMatchObject({ loggedIn: false, user: null });
    },
  );

  it('checks the session again when the page comes back from the back/forward cache (decision 044)', async () => {
    let answer: () => Promise<User> = async () => user;
    const { actor, forgetClientState } = start({ loggedIn: true, loadUser: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    answer = async () => {
      throw new ApiError('http', { status: 401 });
    };
    actor.send({ type: 'session.recheck' });
    expect(actor.getSnapshot().matches({ auth: { loggedIn: 'loadingUser' } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
    expect(forgetClientState).toHaveBeenCalledOnce();
  });

  it('ends the session silently when another screen reports it expired', async () => {
    const { actor, goToLogin, forgetClientState } = start({ loggedIn: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
    expect(forgetClientState).toHaveBeenCalledOnce();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('remembers when each temporary password was first shown, keeps the first time, and forgets it all when the session ends', async () => {
    const { actor } = start({ loggedIn: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    actor.send({ type: 'passwords.shown', shownAt: { k10001_a: 1000 } });
    actor.send({ type: 'passwords.shown', shownAt: { k10001_a: 5000, k10001_b: 6000 } });
    expect(actor.getSnapshot().context.passwordsShownAt).toEqual({ k10001_a: 1000, k10001_b: 6000 });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
    expect(actor.getSnapshot().context.passwordsShownAt).toEqual({});
    // Logged out, nothing is remembered.
    actor.send({ type: 'passwords.shown', shownAt: { k10001_a: 7000 } });
    expect(actor.getSnapshot().context.passwordsShownAt).toEqual({});
  });

  it('remembers a contract cancelled in this session until the session ends (decision 029)', async () => {
    const { actor } = start({ loggedIn: true });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    expect(actor.getSnapshot().context.contractCancelled).toBe(false);
    actor.send({ type: 'contract.cancelled' });
    expect(actor.getSnapshot().context.contractCancelled).toBe(true);
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().context.contractCancelled).toBe(false);
    // Logged out, nothing is remembered.
    actor.send({ type: 'contract.cancelled' });
    expect(actor.getSnapshot().context.contractCancelled).toBe(false);
  });

  it('switches the language at once and tells the server only when logged in', async () => {
    const logged = start({ loggedIn: true });
    logged.actor.send({ type: 'language.change', language: 'de' });
    expect(logged.actor.getSnapshot().context.language).toBe('de');
    expect(logged.persist).toHaveBeenLastCalledWith({ loggedIn: true, language: 'de' });
    expect(logged.actor.getSnapshot().matches({ language: 'saving' })).toBe(true);
    await waitFor(logged.actor, (snapshot) => snapshot.matches({ language: 'idle' }));
    expect(logged.saveLanguage).toHaveBeenCalledWith('de');

    const anonymous = start();
    anonymous.actor.send({ type: 'language.change', language: 'de' });
    expect(anonymous.actor.getSnapshot().matches({ language: 'idle' })).toBe(true);
    expect(anonymous.persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'de' });
    expect(anonymous.saveLanguage).not.toHaveBeenCalled();
  });

  it('ends the session when the server answers 401 to the chosen language', async () => {
    const { actor, persist } = start({
      loggedIn: true,
      saveLanguage: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    actor.send({ type: 'language.change', language: 'de' });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut', language: 'idle' }));
    expect(actor.getSnapshot().context.language).toBe('de');
    expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'de' });
  });

  it('gives up loading the user after the 120 second loading timeout and offers a retry', () => {
    vi.useFakeTimers();
    const { actor } = start({ loggedIn: true, loadUser: () => new Promise(() => {}) });
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().matches({ auth: { loggedIn: 'loadingUser' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ auth: { loggedIn: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
  });

  it('forgets the session on this device when /logout never answers, after the 120 second loading timeout', async () => {
    const { actor, goToLogin, goToLoginUnconfirmed, forgetClientState } = start({
      loggedIn: true,
      logout: () => new Promise(() => {}),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
    vi.useFakeTimers();
    actor.send({ type: 'session.logout' });
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().matches({ auth: 'loggingOut' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(goToLoginUnconfirmed).toHaveBeenCalledOnce();
    expect(forgetClientState).toHaveBeenCalledOnce();
  });

  it('keeps the chosen language when the server cannot store it', async () => {
    const { actor } = start({
      loggedIn: true,
      saveLanguage: async () => {
        throw new ApiError('http', { status: 500 });
      },
    });
    actor.send({ type: 'language.change', language: 'de' });
    await waitFor(actor, (snapshot) => snapshot.matches({ language: 'idle' }));
    expect(actor.getSnapshot().context.language).toBe('de');
  });

  it('tells views and the app what they ask of it without its state paths: loading, loaded, failed, logging out', async () => {
    let fail = true;
    const { actor } = start({
      loggedIn: true,
      loadUser: async () => {
        if (fail) throw new ApiError('network');
        return user;
      },
    });
    const asked = () => {
      const snapshot = actor.getSnapshot();
      return {
        loading: selectIsLoadingUser(snapshot),
        loaded: selectLoadedUser(snapshot),
        failed: selectUserFailed(snapshot),
        loggingOut: selectIsLoggingOut(snapshot),
      };
    };
    expect(asked()).toEqual({ loading: true, loaded: null, failed: false, loggingOut: false });
    await waitFor(actor, (snapshot) => !selectIsLoadingUser(snapshot));
    expect(asked()).toEqual({ loading: false, loaded: null, failed: true, loggingOut: false });
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (snapshot) => !selectIsLoadingUser(snapshot));
    expect(asked()).toEqual({ loading: false, loaded: user, failed: false, loggingOut: false });
    actor.send({ type: 'session.logout' });
    expect(asked()).toEqual({ loading: false, loaded: null, failed: false, loggingOut: true });
  });

  describe('the login in place (docs/decisions/027)', () => {
    async function interrupted(loadUser: () => Promise<User> = async () => user) {
      const users = [user];
      const started = start({ loggedIn: true, loadUser: async () => users.shift() ?? loadUser() });
      await waitFor(started.actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
      started.actor.send({ type: 'passwords.shown', shownAt: { k10001_a: 1000 } });
      started.actor.send({ type: 'session.interrupted' });
      return started;
    }

    it('asks for the login over the page when a form reports a 401, remembering whose page it is', async () => {
      const { actor, persist, goToLogin, forgetClientState } = await interrupted();
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches({ auth: { reauthenticating: 'asking' } })).toBe(true);
      expect(snapshot.hasTag('reauthenticating')).toBe(true);
      // The browser session no longer holds a login: a reload shows the login page.
      expect(snapshot.context.loggedIn).toBe(false);
      expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'en' });
      expect(snapshot.context.resumeFor).toBe(user.email);
      // The page stays: no way to /login, nothing of the page forgotten yet.
      expect(goToLogin).not.toHaveBeenCalled();
      expect(forgetClientState).not.toHaveBeenCalled();
    });

    it('goes on where it was when the same account logs in again, and only once GET /me has said so', async () => {
      let answer: (value: User) => void = () => {};
      const { actor, forgetClientState, leaveAccount } = await interrupted(
        () => new Promise<User>((resolve) => (answer = resolve)),
      );
      actor.send({ type: 'session.loggedIn' });
      expect(actor.getSnapshot().matches({ auth: { reauthenticating: 'checkingAccount' } })).toBe(true);
      expect(actor.getSnapshot().hasTag('reauthenticating')).toBe(true);
      answer({ ...user, email: 'Demo@Example.com' });
      await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
      expect(actor.getSnapshot().context).toMatchObject({
        loggedIn: true,
        resumeFor: null,
        passwordsShownAt: { k10001_a: 1000 },
      });
      expect(forgetClientState).not.toHaveBeenCalled();
      expect(leaveAccount).not.toHaveBeenCalled();
    });

    it("starts afresh when another account logs in, so that nothing of the first customer's page is kept", async () => {
      const other: User = { ...user, email: 'other@example.com', company_number: 'K-20002' };
      const { actor, forgetClientState, leaveAccount } = await interrupted(async () => other);
      actor.send({ type: 'session.loggedIn' });
      await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'ready' } }));
      expect(actor.getSnapshot().context).toMatchObject({ loggedIn: true, user: other, passwordsShownAt: {} });
      expect(forgetClientState).toHaveBeenCalledOnce();
      expect(leaveAccount).toHaveBeenCalledOnce();
    });

    it('treats a login whose account GET /me cannot tell as another account and offers the retry', async () => {
      const { actor, leaveAccount } = await interrupted(async () => {
        throw new ApiError('http', { status: 500 });
      });
      actor.send({ type: 'session.loggedIn' });
      await waitFor(actor, (snapshot) => snapshot.matches({ auth: { loggedIn: 'failed' } }));
      expect(actor.getSnapshot().context).toMatchObject({ loggedIn: true, user: null, error: { key: 'general' } });
      expect(leaveAccount).toHaveBeenCalledOnce();
    });

    it('treats a check of the account that never answers like one that failed, after the 120 second loading timeout', async () => {
      vi.useFakeTimers();
      const { actor, leaveAccount } = await interrupted(() => new Promise<User>(() => {}));
      actor.send({ type: 'session.loggedIn' });
      vi.advanceTimersByTime(120_000);
      expect(actor.getSnapshot().matches({ auth: { loggedIn: 'failed' } })).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
      expect(leaveAccount).toHaveBeenCalledOnce();
    });

    it('keeps asking when other screens report the end again or another tab logs out', async () => {
      const { actor } = await interrupted();
      actor.send({ type: 'session.expired' });
      actor.send({ type: 'session.interrupted' });
      expect(actor.getSnapshot().matches({ auth: { reauthenticating: 'asking' } })).toBe(true);
    });

    it("ends the session and forgets the page's state when the customer leaves the dialog", async () => {
      const { actor, persist, forgetClientState, goToLogin } = await interrupted();
      actor.send({ type: 'relogin.cancel' });
      expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ loggedIn: false, user: null, resumeFor: null });
      expect(persist).toHaveBeenLastCalledWith({ loggedIn: false, language: 'en' });
      expect(forgetClientState).toHaveBeenCalledOnce();
      // The logged-in page's guard sends the customer to the login, which leads back to the page.
      expect(goToLogin).not.toHaveBeenCalled();
    });

    it('ends the session when GET /me answers 401 right after the login in place', async () => {
      const { actor } = await interrupted(async () => {
        throw new ApiError('http', { status: 401 });
      });
      actor.send({ type: 'session.loggedIn' });
      await waitFor(actor, (snapshot) => snapshot.matches({ auth: 'loggedOut' }));
      expect(actor.getSnapshot().context.loggedIn).toBe(false);
    });

    it('ignores a form that reports a 401 while no one is logged in (a public form)', () => {
      const { actor } = start();
      actor.send({ type: 'session.interrupted' });
      expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
    });
  });
});
