// @ts-check
/**
 * What the project's entry scripts share (`npm run check`, `i18n`, `contract`, `validate`, …): run a
 * command in the repository with the terminal's output, and pick a subcommand by its name.
 */
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';

export const repo = new URL('../..', import.meta.url).pathname;

/** The environment of a command: the project's own binaries first, as under `npm run`. */
const environment = (/** @type {NodeJS.ProcessEnv} */ extra = {}) => ({
  ...process.env,
  PATH: [join(repo, 'node_modules/.bin'), process.env.PATH].join(delimiter),
  ...extra,
});

/**
 * Runs `command` with `args` in the repository, its output on the terminal; exits with its code
 * when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
export function run(command, args, env) {
  const result = spawnSync(command, args, {
    cwd: repo,
    stdio: 'inherit',
    env: environment(env),
  });
  const code = result.status ?? 1;
  if (code !== 0) process.exit(code);
}

/**
 * Runs the subcommands named on the command line, in order, or says which there are.
 * @param {string} usage the first line of the help, e.g. `npm run check -- NAME [NAME …]`
 * @param {Record<string, { what: string, run: (rest: string[]) => void | Promise<void> }>} subcommands
 * @param {{ many?: boolean }} [options] many: several names in one call (none takes options)
 */
export async function dispatch(usage, subcommands, options = {}) {
  const [first, ...rest] = process.argv.slice(2);
  const help = () =>
    [usage, '', ...Object.entries(subcommands).map(([name, { what }]) => `  ${name.padEnd(14)}${what}`)].join('\n');
  if (!first || first === '--help' || !(first in subcommands)) {
    console.error(first && first !== '--help' ? `Unknown subcommand ${first}.\n\n${help()}` : help());
    process.exit(first === '--help' ? 0 : 2);
  }
  const names = options.many ? [first, ...rest] : [first];
  for (const name of names) {
    const subcommand = subcommands[name];
    if (!subcommand) {
      console.error(`Unknown subcommand ${name}.\n\n${help()}`);
      process.exit(2);
    }
    await subcommand.run(options.many ? [] : rest);
  }
}
