/**
 * Renders an XState v5 machine definition as a Markdown page: a Mermaid `stateDiagram-v2`
 * (nested and parallel states, guards on their transitions, delays with their time, invoked
 * actors), a table of its transitions by event, and the spec sections it implements.
 * Used by scripts/diagrams.mjs; the output is committed under docs/machines/.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface MachineFacts {
  states: number;
  transitions: number;
}

const safe = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 ._()\-→§/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const nodeId = (node: AnyStateNode) => `s_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`;

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** Every state node below the root (the root itself is the machine). */
export function allStates(machine: AnyStateMachine): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of children(node)) {
      found.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return found;
}

/** Every transition definition of the machine: events, delays, actor results and eventless ones. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  const found: AnyTransitionDefinition[] = [];
  for (const node of [machine.root, ...allStates(machine)]) {
    for (const list of node.transitions.values()) found.push(...list);
    found.push(...(node.always ?? []));
  }
  return found;
}

function formatDelay(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function delayMs(machine: AnyStateMachine, name: string): number | undefined {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const value = delays[name];
  if (typeof value === 'number') return value;
  const numeric = Number(name);
  return Number.isFinite(numeric) ? numeric : undefined;
}

function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard;
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

/** How a transition's trigger reads: the event, a delay with its time, an actor's result. */
export function triggerOf(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  const source = transition.source;
  if (type === '') return 'always';
  if (type.startsWith('xstate.after.')) {
    const name = type.slice('xstate.after.'.length, type.length - source.id.length - 1);
    const ms = delayMs(machine, name);
    return ms === undefined ? `after ${name}` : `after ${formatDelay(ms)} (${name})`;
  }
  for (const [prefix, word] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
  ] as const) {
    if (type.startsWith(prefix)) {
      const id = type.slice(prefix.length);
      // A wildcard listens to every spawned actor of a kind, e.g. `xstate.done.actor.password.*`.
      if (id.endsWith('.*')) return `${word} of any ${id.slice(0, -2)} actor`;
      const invoke = (source.invoke as { id: string; src: unknown }[]).find((candidate) => candidate.id === id);
      const src = typeof invoke?.src === 'string' ? invoke.src : id;
      return `${word} ${src}`;
    }
  }
  return type;
}

function actionNames(transition: AnyTransitionDefinition): string[] {
  return (transition.actions as unknown[]).map((action) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'object' && action !== null && 'type' in action)
      return String((action as { type: unknown }).type);
    return 'assign';
  });
}

function label(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const guard = guardName(transition);
  return safe(`${triggerOf(machine, transition)}${guard ? ` if ${guard}` : ''}`);
}

function transitionLines(machine: AnyStateMachine, node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const list = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  for (const transition of list) {
    const targets = (transition.target ?? [node]) as AnyStateNode[];
    for (const target of targets) {
      lines.push(
        `${indent}${nodeId(node)} --> ${nodeId(target === machine.root ? node : target)} : ${label(machine, transition)}`,
      );
    }
  }
  return lines;
}

function stateLines(machine: AnyStateMachine, node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const kids = children(node);
  const invokes = (node.invoke as { src: unknown }[]).map((invoke) =>
    typeof invoke.src === 'string' ? invoke.src : 'actor',
  );
  const notes = [...invokes.map((src) => `invokes ${safe(src)}`), ...[...node.tags].map((tag) => `tag ${safe(tag)}`)];
  if (kids.length === 0) {
    lines.push(`${indent}state "${safe(node.key)}" as ${nodeId(node)}`);
    for (const note of notes) lines.push(`${indent}${nodeId(node)} : ${note}`);
  } else {
    // Mermaid allows a composite state only a label, so its notes join the label.
    const label = [safe(node.key), ...notes].join(', ');
    lines.push(`${indent}state "${label}" as ${nodeId(node)} {`);
    lines.push(...innerLines(machine, node, `${indent}  `));
    lines.push(`${indent}}`);
  }
  if (node.type === 'final') lines.push(`${indent}${nodeId(node)} --> [*]`);
  return lines;
}

function innerLines(machine: AnyStateMachine, node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((region, index) => {
      if (index > 0) lines.push(`${indent}--`);
      lines.push(...stateLines(machine, region, indent));
      lines.push(...transitionLines(machine, region, indent));
    });
    return lines;
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${nodeId(initial)}`);
  for (const kid of kids) lines.push(...stateLines(machine, kid, indent));
  for (const kid of kids) lines.push(...transitionLines(machine, kid, indent));
  return lines;
}

/** The Mermaid text of a machine. */
export function mermaidOf(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ['stateDiagram-v2'];
  if (children(root).length === 0) {
    // A machine without states of its own (the app's actor): Mermaid has no empty composite state.
    lines.push(`  [*] --> ${nodeId(root)}`, `  state "${safe(machine.id)}" as ${nodeId(root)}`);
  } else {
    lines.push(`  state "${safe(machine.id)}" as ${nodeId(root)} {`);
    lines.push(...innerLines(machine, root, '    '));
    lines.push('  }');
  }
  // Mermaid gives a composite state a label only, so the machine's own invocations are listed
  // under the diagram (markdownOf) rather than inside it.
  lines.push(...transitionLines(machine, root, '  '));
  return lines.join('\n');
}

export function factsOf(machine: AnyStateMachine): MachineFacts {
  return { states: allStates(machine).length, transitions: allTransitions(machine).length };
}

/** The spec sections a machine names in its description, e.g. "SPEC §4". */
export function specSections(machine: AnyStateMachine): string[] {
  const text = `${machine.root.description ?? ''}`;
  // Every section named in the description, also the later ones of "SPEC §2 … and §4 …".
  const numbers = [...text.matchAll(/§(\d+(?:\.\d+)?)/g)].map((match) => match[1]);
  return [...new Set(numbers)].map((number) => `SPEC §${number}`);
}

function rootInvokes(machine: AnyStateMachine): string[] {
  const sources = (machine.root.invoke as { src: unknown }[]).map((invoke) =>
    typeof invoke.src === 'string' ? invoke.src : 'actor',
  );
  return sources.length > 0 ? [`Runs throughout: ${sources.map((src) => `\`${src}\``).join(', ')}`, ''] : [];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The whole Markdown page of one machine. */
export function markdownOf(machine: AnyStateMachine, file: string): string {
  const facts = factsOf(machine);
  const rows = allTransitions(machine).map((transition) => {
    const targets = (transition.target ?? []) as AnyStateNode[];
    const to = targets.length === 0 ? '(stays)' : targets.map((target) => target.id).join(', ');
    return `| ${cell(triggerOf(machine, transition))} | ${cell(transition.source.id)} | ${cell(to)} | ${cell(guardName(transition) ?? '')} | ${cell(actionNames(transition).join(', '))} |`;
  });
  const sections = specSections(machine);
  return [
    `# ${machine.id}`,
    '',
    '<!-- Generated by `npm run diagrams` from the machine definition; do not edit by hand. -->',
    '',
    `Source: \`${file}\``,
    '',
    machine.root.description ?? '',
    '',
    `Implements: ${sections.length > 0 ? sections.join(', ') : 'shared machinery (no single spec section)'}`,
    '',
    `States: ${facts.states} · Transitions: ${facts.transitions}`,
    '',
    ...rootInvokes(machine),
    '```mermaid',
    mermaidOf(machine),
    '```',
    '',
    '## Transitions by event',
    '',
    '| event | from | to | guard | actions |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
