/**
 * Records which states and transition definitions of a machine the actors of a test file went
 * through (via XState's inspection API), so that a machine test can prove it reached every state
 * and every transition. Keys follow tests/paths/coverage.ts: `<state id> on <event> #<n>`.
 */
import type {
  AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent,
} from 'xstate';

function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
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

function listOf(node: AnyStateNode, event: string): AnyTransitionDefinition[] {
  return event === '' ? node.always ?? [] : node.transitions.get(event) ?? [];
}

function keyOf(node: AnyStateNode, event: string, index: number, count: number): string {
  return `${node.id} on ${event || 'always'}${count > 1 ? ` #${index + 1}` : ''}`;
}

function transitionKey(transition: AnyTransitionDefinition): string {
  const list = listOf(transition.source, transition.eventType);
  // Provided machines copy their definitions, so a transition is found by its place, not its identity.
  const index = list.findIndex((candidate) => candidate === transition);
  return keyOf(transition.source, transition.eventType, Math.max(index, 0), list.length);
}

export interface TransitionCoverage {
  /** Pass as `inspect` to `createActor`. */
  inspect: (event: InspectionEvent) => void;
  missing: () => { states: string[]; transitions: string[] };
}

export function transitionCoverage(machine: AnyStateMachine): TransitionCoverage {
  const nodes = stateNodes(machine);
  const allTransitions: string[] = [];
  for (const node of [machine.root, ...nodes]) {
    const events = [...node.transitions.keys(), ...(node.always ? [''] : [])];
    for (const event of events) {
      const list = listOf(node, event);
      list.forEach((_transition, index) => allTransitions.push(keyOf(node, event, index, list.length)));
    }
  }
  const reachedTransitions = new Set<string>();
  const reachedStates = new Set<string>();
  const enter = (node: AnyStateNode | undefined) => {
    for (let current = node; current?.parent; current = current.parent) reachedStates.add(current.id);
  };
  return {
    inspect(event) {
      if (event.type === '@xstate.microstep') {
        for (const transition of event._transitions) {
          if (transition.source.machine.id !== machine.id) continue;
          reachedTransitions.add(transitionKey(transition));
          // A state passed within one step (left by an eventless transition) was entered too.
          enter(transition.source);
          transition.target?.forEach(enter);
        }
      }
      if (event.type === '@xstate.snapshot') {
        const snapshot = event.snapshot as Partial<AnyMachineSnapshot>;
        if (snapshot.machine?.id !== machine.id) return;
        snapshot._nodes?.forEach(enter);
      }
    },
    missing: () => ({
      states: nodes.map((node) => node.id).filter((id) => !reachedStates.has(id)),
      transitions: allTransitions.filter((key) => !reachedTransitions.has(key)),
    }),
  };
}
