/**
 * The gallery's plan (issue 19): for each machine the path models of tests/paths explore, every
 * state node with the shortest event sequence that reaches it (tests/paths/coverage.ts
 * `statePaths`), the model's input, and which calls are still pending there. Loaded by
 * scripts/gallery/run.mjs through Vite's module runner, so that the machines' modules load as
 * the app loads them.
 */
import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate';
import { ApiError } from '../../src/api/client';
import { sourceOf, stateNodes, statePaths, type PathModel } from '../../tests/paths/coverage';
import { models as account } from '../../tests/paths/models/account';
import { models as company } from '../../tests/paths/models/company';
import { models as core } from '../../tests/paths/models/core';
import { models as dashboard } from '../../tests/paths/models/dashboard';
import { models as shop } from '../../tests/paths/models/shop';
import { models as support } from '../../tests/paths/models/support';

/** An event as the gallery shows and replays it: an actor's failure reduced to what the mock can answer. */
export interface PlannedEvent {
  type: string;
  [key: string]: unknown;
}

export interface PlannedState {
  state: string;
  /** Null when no model reaches the state. */
  input: unknown;
  events: PlannedEvent[] | null;
  pending: string[];
  /** The `src` of each invoke by its id, as the done and error events name it. */
  actors: Record<string, string>;
  /** Each delayed event's wait in ms, where the machine gives it as a number. */
  delays: Record<string, number>;
  /** Left within the step that entered it (only eventless transitions leave it): no screen shows it. */
  transient: boolean;
  /**
   * The shortest wait (ms) after which the machine leaves the state by itself (an `after` of
   * the state or of a state around it), or null where there is none or it is a minute or more.
   */
  leavesAfter: number | null;
}

export interface MachinePlan {
  machine: string;
  states: PlannedState[];
}

function plain(event: AnyEventObject): PlannedEvent {
  if ('error' in event) {
    const error: unknown = event.error;
    return {
      type: event.type,
      error:
        error instanceof ApiError
          ? { kind: error.kind, status: error.status ?? null, reason: error.reason ?? null }
          : { kind: 'other', message: String(error) },
    };
  }
  return JSON.parse(JSON.stringify(event)) as PlannedEvent;
}

/** The invokes' sources and the delays of a machine, by the event types that report them. */
function timing(machine: AnyStateMachine): { actors: Record<string, string>; delays: Record<string, number> } {
  const actors: Record<string, string> = {};
  const delays: Record<string, number> = {};
  const named = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  for (const node of [machine.root, ...stateNodes(machine)]) {
    for (const invoke of node.invoke as { id: string; src: unknown }[]) actors[invoke.id] = sourceOf(invoke);
    for (const transition of node.after as { eventType: string; delay: unknown }[]) {
      const delay = typeof transition.delay === 'string' ? named[transition.delay] : transition.delay;
      if (typeof delay === 'number') delays[transition.eventType] = delay;
    }
  }
  return { actors, delays };
}

/** Waits from which on a state counts as one the customer sees for good (the 2-minute timeouts). */
const LASTING_MS = 60_000;

function leavesAfter(node: AnyStateNode, delays: Record<string, number>): number | null {
  let shortest: number | null = null;
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) {
    for (const transition of at.after as { eventType: string }[]) {
      const delay = delays[transition.eventType];
      if (delay !== undefined && delay < LASTING_MS && (shortest === null || delay < shortest)) shortest = delay;
    }
  }
  return shortest;
}

/** A state whose eventless transitions always leave it, one without a guard among them. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard);
}

/**
 * Where failures of different kinds reach the same state, the gallery shows the one a reader
 * expects there: a failing server first, an ended session (which shows the login page) and an
 * aborted call (which no screen shows) last.
 */
function rank(error: unknown): number {
  if (!(error instanceof ApiError)) return 1;
  if (error.kind === 'aborted') return 3;
  if (error.status === 401) return 2;
  return error.status !== undefined && error.status >= 500 ? 0 : 1;
}

function preferShownFailures(model: PathModel): PathModel {
  if (!model.errors) return model;
  const errors = Object.fromEntries(
    Object.entries(model.errors).map(([src, list]) => [src, [...list].sort((a, b) => rank(a) - rank(b))]),
  );
  return { ...model, errors };
}

const allModels: PathModel[] = [...account, ...company, ...core, ...dashboard, ...shop, ...support].map(
  preferShownFailures,
);

/** The plan of the machines with these ids (their `id`, as docs/machines names them). */
export function plan(machines: readonly string[]): MachinePlan[] {
  return machines.map((id) => {
    const models = allModels.filter((model) => model.machine.id === id);
    const first = models[0];
    if (!first) throw new Error(`No path model of the machine ${id} in tests/paths/models.`);
    const { actors, delays } = timing(first.machine);
    const best = new Map<string, Omit<PlannedState, 'leavesAfter'>>();
    for (const model of models) {
      for (const path of statePaths(model)) {
        const known = best.get(path.state);
        if (known?.events && known.events.length <= path.events.length) continue;
        best.set(path.state, {
          state: path.state,
          input: model.input ?? null,
          events: path.events.map(plain),
          pending: path.pending,
          actors,
          delays,
          transient: false,
        });
      }
    }
    return {
      machine: id,
      states: stateNodes(first.machine).map((node) => ({
        ...(best.get(node.id) ?? {
          state: node.id,
          input: null,
          events: null,
          pending: [],
          actors,
          delays,
          transient: isTransient(node),
        }),
        leavesAfter: leavesAfter(node, delays),
      })),
    };
  });
}
