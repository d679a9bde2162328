/**
 * Records which states and transition definitions of one machine the tests of a file reach,
 * so that a last test can prove that every state and every transition was exercised
 * (keys by state id, event and position, so provided copies of the machine count alike).
 */
import type { AnyStateMachine, InspectionEvent } from 'xstate';

interface NodeLike {
  id: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}
interface TransitionLike { source: NodeLike; eventType: string }

function nodesOf(root: NodeLike): NodeLike[] {
  return Object.values(root.states).flatMap((child) => [child, ...nodesOf(child)]);
}

function keyOf(transition: TransitionLike): string {
  const { source, eventType } = transition;
  const list = eventType === '' ? source.always ?? [] : source.transitions.get(eventType) ?? [];
  return `${source.id} on ${eventType || 'always'} #${list.indexOf(transition) + 1}`;
}

export function transitionRecorder(machine: AnyStateMachine) {
  const root = machine.root as unknown as NodeLike;
  const states = new Set<string>();
  const transitions = new Set<string>();
  return {
    inspect(event: InspectionEvent) {
      // Only the machine itself, not its children (the error line).
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.microstep') {
        for (const transition of event._transitions as unknown as TransitionLike[]) transitions.add(keyOf(transition));
      }
      if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') {
        for (const node of (event.snapshot as unknown as { _nodes?: NodeLike[] })._nodes ?? []) states.add(node.id);
      }
    },
    /** States and transitions never reached so far. */
    missing() {
      const nodes = nodesOf(root);
      const allTransitions = [root, ...nodes].flatMap((node) => [
        ...[...node.transitions.values()].flat(), ...(node.always ?? []),
      ]);
      return {
        states: nodes.map((node) => node.id).filter((id) => !states.has(id)),
        transitions: allTransitions.map(keyOf).filter((key) => !transitions.has(key)),
      };
    },
  };
}
