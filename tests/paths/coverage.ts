/**
 * Path coverage of a machine: xstate/graph explores every state the machine can reach with
 * the given events (actor results, delays and errors included), one path is built for every
 * transition found, and each path is executed on a real actor (its real guards, its provided
 * actors and actions) while the transitions it takes are recorded. Coverage is the share of
 * the machine's states and transition definitions that the executed paths reached.
 */
import { getAdjacencyMap } from 'xstate/graph';
import {
  createActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import type { SessionContext } from '../../src/machines/session.machine';
import { stubRefs } from '../support/portal-refs';

export interface PathModel {
  /** The machine, provided with actors that never settle and effects that do nothing. */
  machine: AnyStateMachine;
  input?: unknown;
  /**
   * For a machine that holds the session and the app (src/machines/portal-refs.ts): stubs of both
   * (tests/support/portal-refs.ts), the session in this state, added to the input afresh for each path.
   */
  session?: Partial<SessionContext>;
  /** Events a person or another machine sends, with sample payloads (both branches of guards). */
  events: AnyEventObject[];
  /** Sample results of invoked actors by their `src`; by default one `undefined`. */
  outputs?: Record<string, unknown[]>;
  /** Sample failures of invoked actors by their `src`; by default one plain Error. */
  errors?: Record<string, unknown[]>;
  /** Which context values tell states apart (by default the whole context). */
  serializeContext?: (context: unknown) => unknown;
  /** Exploration bound. */
  limit?: number;
}

export interface Coverage {
  machine: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { reached: number; total: number; missing: string[] };
  paths: number;
}

/** Every state node of a machine below its root, parents before their children. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      found.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return found;
}

function transitionsOf(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...stateNodes(machine)]) {
    const lists: [string, AnyTransitionDefinition[]][] = [...node.transitions.entries(), ['always', node.always ?? []]];
    for (const [event, list] of lists) {
      list.forEach((transition, index) =>
        keys.set(transition, `${node.id} on ${event || 'always'}${list.length > 1 ? ` #${index + 1}` : ''}`),
      );
    }
  }
  return keys;
}

/** The name an invoked actor goes by in a model's outputs and errors: its `src`, or its id for an inline actor. */
export function sourceOf(invoke: { id: string; src: unknown }): string {
  return typeof invoke.src === 'string' ? invoke.src : invoke.id;
}

/** Events for actor results, actor failures and delays, derived from the machine itself. */
function derivedEvents(model: PathModel): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const node of stateNodes(model.machine).concat(model.machine.root)) {
    for (const invoke of node.invoke as { id: string; src: unknown }[]) {
      const src = sourceOf(invoke);
      for (const output of model.outputs?.[src] ?? [undefined])
        events.push({ type: `xstate.done.actor.${invoke.id}`, output });
      for (const error of model.errors?.[src] ?? [new Error('failed')])
        events.push({ type: `xstate.error.actor.${invoke.id}`, error });
    }
    for (const type of node.transitions.keys()) if (type.startsWith('xstate.after.')) events.push({ type });
  }
  return events;
}

/** The model's input, with a session and an app of their own where the machine holds them. */
function inputOf(model: PathModel): unknown {
  if (!model.session) return model.input;
  return { ...stubRefs(model.session).refs, ...(model.input ?? {}) };
}

/** Whether a value is an actor (a reference the context holds), which serialises by its id alone. */
function isActor(value: unknown): value is { id: string } {
  return typeof value === 'object' && value !== null && 'sessionId' in value && 'id' in value;
}

function serialize(model: PathModel, snapshot: AnyMachineSnapshot): string {
  const context = model.serializeContext ? model.serializeContext(snapshot.context) : snapshot.context;
  return JSON.stringify({ value: snapshot.value, context }, (_key, value: unknown) => {
    if (value instanceof Error) return { error: value.message, ...value };
    return isActor(value) ? `actor ${value.id}` : value;
  });
}

type Edge = { event: AnyEventObject; state: AnyMachineSnapshot };
type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, Edge> } | undefined>;

/** Every snapshot the model's events reach, keyed by its serialisation, with the edges that leave it. */
function explore(model: PathModel): Adjacency {
  const events = [...model.events, ...derivedEvents(model)];
  return getAdjacencyMap(model.machine, {
    // Only events the state handles: an unhandled actor error would fail the machine. Not
    // `can()`, which is false for a transition without target or actions: a state that takes
    // an event on purpose to do nothing (and keep it from its parent) handles it too.
    events: (snapshot) =>
      events.filter(
        (event) => (model.machine.getTransitionData(snapshot as AnyMachineSnapshot, event) ?? []).length > 0,
      ),
    input: inputOf(model),
    serializeState: (snapshot) => serialize(model, snapshot as AnyMachineSnapshot),
    limit: model.limit ?? 5000,
  }) as unknown as Adjacency;
}

/** One path per transition found by the exploration: the shortest way to its state, then its event. */
function pathsOf(model: PathModel): AnyEventObject[][] {
  const adjacency = explore(model);
  const start = Object.keys(adjacency)[0];
  if (start === undefined) return [];
  const shortest = new Map<string, AnyEventObject[]>([[start, []]]);
  const queue = [start];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(model, state);
      if (shortest.has(next)) continue;
      shortest.set(next, [...(shortest.get(key) ?? []), event]);
      queue.push(next);
    }
  }
  // The empty path records the start state, even one that no event leaves.
  const paths: AnyEventObject[][] = [[]];
  for (const [key, prefix] of shortest) {
    for (const { event } of Object.values(adjacency[key]?.transitions ?? {})) paths.push([...prefix, event]);
  }
  return paths;
}

/** Runs one path on a real actor; returns the transitions it took and the states it entered. */
function execute(
  model: PathModel,
  path: AnyEventObject[],
): { transitions: Set<AnyTransitionDefinition>; states: Set<string> } {
  const transitions = new Set<AnyTransitionDefinition>();
  const states = new Set<string>();
  // The root's id is known once createActor returns; microsteps before that are the root's own.
  const root = { sessionId: '' };
  const actor = createActor(model.machine, {
    input: inputOf(model),
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      if (root.sessionId !== '' && event.actorRef.sessionId !== root.sessionId) return;
      for (const transition of event._transitions) {
        transitions.add(transition);
        // A state passed through within one step (an eventless transition) was active too.
        for (let node: AnyStateNode | undefined = transition.source; node?.parent; node = node.parent)
          states.add(node.id);
      }
    },
  });
  root.sessionId = actor.sessionId;
  const record = () => {
    for (const node of (actor.getSnapshot() as unknown as { _nodes: AnyStateNode[] })._nodes) states.add(node.id);
  };
  actor.start();
  record();
  for (const event of path) {
    actor.send(event);
    record();
  }
  actor.stop();
  return { transitions, states };
}

/**
 * The coverage of one machine by all of its models (several may explore it from different
 * inputs; their paths add up). Once every state and transition is reached, the remaining paths
 * cannot change the verdict (nothing is left to miss) and are not run. The shortest paths of all
 * its models come first, so most are skipped (the dashboard's models find 3,232 paths; 6.6 s of
 * `npm test` became 1 s). A machine with something unreached runs every path, and its missing
 * lists are those of a run that skipped none.
 */
export function coverageOf(models: PathModel[]): Coverage {
  const [first] = models;
  if (!first) throw new Error('coverageOf needs at least one model');
  const keys = [...transitionsOf(first.machine).values()];
  const allStates = stateNodes(first.machine).map((node) => node.id);
  const reachedTransitions = new Set<string>();
  const reachedStates = new Set<string>();
  const complete = () =>
    reachedTransitions.size === keys.length && allStates.every((state) => reachedStates.has(state));
  const runs = models
    .flatMap((model) => {
      const names = transitionsOf(model.machine);
      return pathsOf(model).map((path) => ({ model, names, path }));
    })
    .sort((a, b) => a.path.length - b.path.length);
  for (const { model, names, path } of runs) {
    if (complete()) break;
    const result = execute(model, path);
    result.transitions.forEach((transition) => {
      const name = names.get(transition);
      if (name !== undefined) reachedTransitions.add(name);
    });
    result.states.forEach((state) => reachedStates.add(state));
  }
  const missingTransitions = keys.filter((key) => !reachedTransitions.has(key));
  const missingStates = allStates.filter((state) => !reachedStates.has(state));
  return {
    machine: first.machine.id,
    states: { reached: allStates.length - missingStates.length, total: allStates.length, missing: missingStates },
    transitions: { reached: keys.length - missingTransitions.length, total: keys.length, missing: missingTransitions },
    paths: runs.length,
  };
}

export function formatTable(rows: Coverage[]): string {
  const pct = (reached: number, total: number) => (total === 0 ? 100 : (100 * reached) / total).toFixed(1).padStart(5);
  const lines = [
    'machine                        states            transitions         paths',
    ...rows.map(
      (row) =>
        `${row.machine.padEnd(30)} ${`${row.states.reached}/${row.states.total}`.padStart(7)} ${pct(row.states.reached, row.states.total)} %   ${`${row.transitions.reached}/${row.transitions.total}`.padStart(7)} ${pct(row.transitions.reached, row.transitions.total)} %   ${String(row.paths).padStart(5)}`,
    ),
  ];
  return lines.join('\n');
}

export interface StatePath {
  /** A state node's id, as the diagrams name it (`purchase.busy.buying`). */
  state: string;
  /** The shortest event sequence from the start to a snapshot in which the state is active. */
  events: AnyEventObject[];
  /** The invoked actors (by `src`) still running in that snapshot: their calls are pending. */
  pending: string[];
}

/**
 * The shortest way to every state the exploration reaches (the state gallery walks them):
 * a breadth-first search over the same adjacency map as the coverage, so the first path found
 * to a snapshot in which a state is active is a shortest one.
 */
export function statePaths(model: PathModel): StatePath[] {
  const adjacency = explore(model);
  const start = Object.keys(adjacency)[0];
  if (start === undefined) return [];
  const found = new Map<string, StatePath>();
  const seen = new Set([start]);
  const queue: { key: string; path: AnyEventObject[] }[] = [{ key: start, path: [] }];
  while (queue.length > 0) {
    const { key, path } = queue.shift() as { key: string; path: AnyEventObject[] };
    const entry = adjacency[key];
    if (!entry) continue;
    const snapshot = entry.state as unknown as { _nodes: AnyStateNode[] };
    const nodes = snapshot._nodes.filter((node) => node.parent);
    const running = nodes.flatMap((node) => (node.invoke as { src: unknown; id: string }[]).map(sourceOf));
    for (const node of nodes)
      if (!found.has(node.id)) found.set(node.id, { state: node.id, events: path, pending: running });
    for (const { event, state } of Object.values(entry.transitions)) {
      const next = serialize(model, state);
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push({ key: next, path: [...path, event] });
    }
  }
  return [...found.values()];
}
