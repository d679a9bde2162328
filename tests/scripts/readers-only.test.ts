import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { translatorsOnlyCuts } from '../../scripts/build/readers-only';

type Program = Parameters<typeof translatorsOnlyCuts>[0];

const lang = (file: string) => (file.endsWith('.tsx') ? 'tsx' : 'ts');

/** The syntax tree of a module, as the bundler parses it; throws on a syntax error. */
function parse(code: string, file: string): Program {
  const { program, errors } = parseSync(file, code, { lang: lang(file) });
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join('; ')}`);
  return program as unknown as Program;
}

/** The source as a build compiles it: every cut made, in reverse order. */
function cut(code: string, file = 'module.tsx'): string {
  const cuts = translatorsOnlyCuts(parse(code, file));
  let result = code;
  for (const [start, end] of [...cuts].reverse()) result = result.slice(0, start) + result.slice(end);
  return result;
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesOf(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('what a build leaves out of the messages and machines', () => {
  it('leaves out the default message and the description of a message descriptor, and keeps its id', () => {
    const code = `const messages = defineMessages({
  title: { id: 'landing.title', defaultMessage: 'Cloud backup', description: 'The heading' },
  lead: { description: 'The first line', id: 'landing.lead', defaultMessage: 'Datastores' },
});
intl.formatMessage({ id: 'error.general', defaultMessage: 'An error occurred.' }, { email });`;
    expect(cut(code)).toBe(`const messages = defineMessages({
  title: { id: 'landing.title' },
  lead: { id: 'landing.lead' },
});
intl.formatMessage({ id: 'error.general' }, { email });`);
  });

  it('leaves out the default message of a FormattedMessage element, its values kept', () => {
    const code = `<FormattedMessage id="landing.sales" defaultMessage="Write to us: {email}" values={{ email }} />`;
    expect(cut(code)).toBe(`<FormattedMessage id="landing.sales"  values={{ email }} />`);
  });

  it('keeps a description or a default message of an object that is no message descriptor', () => {
    const code = `const field = { name: 'x', description: 'A hint' };
const option = { id: 'iban', description: 'Shown under the field' };
const fallback = { defaultMessage: 'Not a descriptor without an id' };`;
    expect(cut(code)).toBe(code);
  });

  it("leaves out the descriptions of a machine's states and transitions, not those of its context or of what it computes", () => {
    const code = `const machine = setup({}).createMachine({
  id: 'contact',
  description: 'SPEC §2 contact form',
  context: { description: 'typed by the customer' },
  initial: 'idle',
  states: {
    idle: { description: \`The form.\`, on: { send: [{ target: 'sending', description: 'Valid.' }] } },
    sending: { entry: assign(() => ({ description: 'computed' })), description: 'POST /contact' },
    done: { description: 'Sent.' },
  },
});`;
    expect(cut(code, 'machine.ts')).toBe(`const machine = setup({}).createMachine({
  id: 'contact',
  context: { description: 'typed by the customer' },
  initial: 'idle',
  states: {
    idle: { on: { send: [{ target: 'sending' }] } },
    sending: { entry: assign(() => ({ description: 'computed' })) },
    done: { },
  },
});`);
  });

  it('leaves every module of src valid, with no message default left in it', () => {
    const files = sourcesOf('src');
    expect(files.length).toBeGreaterThan(100);
    let cutFiles = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const result = cut(code, file);
      if (result !== code) cutFiles += 1;
      expect(translatorsOnlyCuts(parse(result, file)), file).toEqual([]);
    }
    expect(cutFiles).toBeGreaterThan(50);
  });
});
