import { assign, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { plan, type PlannedState } from '../../scripts/gallery/plan';
import { statePaths } from '../paths/coverage';

/** A small machine: a call that loads, a failure with a retry, and a parallel part with a delay. */
const sample = setup({
  types: { context: {} as { tries: number } },
  actors: { load: fromPromise<string>(() => new Promise<string>(() => {})) },
  delays: { pause: 300 },
}).createMachine({
  id: 'sample',
  context: { tries: 0 },
  type: 'parallel',
  states: {
    data: {
      initial: 'idle',
      states: {
        idle: { on: { open: 'loading' } },
        loading: {
          invoke: { src: 'load', onDone: 'shown', onError: 'failed' },
        },
        shown: {},
        failed: {
          on: { retry: { target: 'loading', actions: assign({ tries: ({ context }) => context.tries + 1 }) } },
        },
      },
    },
    notice: {
      initial: 'hidden',
      states: {
        hidden: { on: { note: 'visible' } },
        visible: { after: { pause: 'hidden' } },
      },
    },
  },
});

const types = (events: { type: string }[]) => events.map((event) => event.type);

describe('the shortest path to every state (statePaths)', () => {
  const paths = statePaths({
    machine: sample,
    events: [{ type: 'open' }, { type: 'retry' }, { type: 'note' }],
    // The count of tries grows without end: states differ by their value alone.
    serializeContext: () => null,
  });
  const to = (state: string) => paths.find((path) => path.state === state);

  it('reaches every state of the machine once, the regions of a parallel state included', () => {
    expect(paths.map((path) => path.state).sort()).toEqual(
      [
        'sample.data',
        'sample.data.failed',
        'sample.data.idle',
        'sample.data.loading',
        'sample.data.shown',
        'sample.notice',
        'sample.notice.hidden',
        'sample.notice.visible',
      ].sort(),
    );
  });

  it('starts the initial states with no event at all', () => {
    expect(to('sample.data.idle')?.events).toEqual([]);
    expect(to('sample.notice.hidden')?.events).toEqual([]);
  });

  it('takes the fewest events to a state, the actor results among them', () => {
    expect(types(to('sample.data.loading')?.events ?? [])).toEqual(['open']);
    expect(types(to('sample.data.shown')?.events ?? [])).toEqual(['open', 'xstate.done.actor.0.sample.data.loading']);
    expect(types(to('sample.data.failed')?.events ?? [])).toEqual(['open', 'xstate.error.actor.0.sample.data.loading']);
    expect(types(to('sample.notice.visible')?.events ?? [])).toEqual(['note']);
  });

  it('names the calls still under way where a path ends', () => {
    expect(to('sample.data.loading')?.pending).toEqual(['load']);
    expect(to('sample.data.idle')?.pending).toEqual([]);
    expect(to('sample.data.shown')?.pending).toEqual([]);
  });
});

describe("the gallery's plan", () => {
  it('plans every state of a machine with the events, the delays and the sources of its calls', () => {
    const [purchase] = plan(['purchase']);
    const settling = purchase?.states.find((state) => state.state === 'purchase.busy.settling');
    expect(purchase?.states.every((state) => state.events !== null)).toBe(true);
    expect(types(settling?.events ?? [])).toEqual(['purchase.buy', 'xstate.done.actor.0.purchase.busy.buying']);
    expect(settling?.delays['xstate.after.postBuyDelay.purchase.busy.settling']).toBe(2000);
    expect(settling?.actors['0.purchase.busy.buying']).toBe('buy');
  });

  it('shows a failure by a failing server where an ended session or an aborted call would reach the state too', () => {
    const [company] = plan(['company']);
    const failed = company?.states.find((state) => state.state === 'company.failed');
    const failure = failed?.events?.at(-1);
    expect(failure?.type).toMatch(/^xstate\.error\.actor\./);
    expect(failure?.error).toMatchObject({ kind: 'http', status: 500 });
  });

  it('marks a state that an eventless transition always leaves as one no screen shows', () => {
    const [newPassword] = plan(['newPassword']);
    const checking = newPassword?.states.find((state) => state.state === 'newPassword.checkingLink');
    expect(checking).toMatchObject({ events: null, transient: true });
    expect(newPassword?.states.filter((state) => state.transient)).toHaveLength(1);
  });

  it('tells the states that the machine leaves by itself within moments, and not those a 2-minute timeout ends', () => {
    const [purchase, listQuery] = plan(['purchase', 'listQuery']);
    const leaves = (states: PlannedState[] | undefined, id: string) =>
      states?.find((state) => state.state === id)?.leavesAfter;
    expect(leaves(purchase?.states, 'purchase.busy.settling')).toBe(2000);
    expect(leaves(purchase?.states, 'purchase.busy.buying')).toBeNull();
    expect(leaves(purchase?.states, 'purchase.ready')).toBeNull();
    expect(leaves(listQuery?.states, 'listQuery.pending')).toBe(300);
  });

  it('refuses a machine that no path model explores', () => {
    expect(() => plan(['noSuchMachine'])).toThrow(/No path model of the machine noSuchMachine/);
  });
});
