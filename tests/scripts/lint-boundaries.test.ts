/**
 * The layer boundaries of src (docs/architecture.md, docs/decisions/021) are lint rules: an
 * import in a forbidden direction fails `npm run lint`. Each case lints one line of code as if it
 * were a file of the given layer, with the project's own ESLint configuration.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rules that fired on `code`, linted as the file `filePath` of the project. */
async function rulesFiredOn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The configuration, the parsers and the resolver load on the first call; later calls take milliseconds.
const timeout = 60_000;

describe('the layer boundaries of src', () => {
  it.each([
    [
      'a machine imports a view',
      'src/machines/probe.ts',
      "import LandingPage from '../views/landing/landing-page';\nexport const probe = LandingPage;\n",
    ],
    [
      'the api imports a machine',
      'src/api/probe.ts',
      "import { sessionMachine } from '../machines/session.machine';\nexport const probe = sessionMachine;\n",
    ],
    [
      'a view imports api types, even as a type import',
      'src/views/shop/probe.ts',
      "import type { LoginPayload } from '../../api/structs';\nexport type Probe = LoginPayload;\n",
    ],
    [
      'a view imports the mock API',
      'src/views/shop/probe.ts',
      "import { db } from '../../mocks/db';\nexport const probe = db;\n",
    ],
    [
      'a machine imports the mock API',
      'src/machines/probe.ts',
      "import { db } from '../mocks/db';\nexport const probe = db;\n",
    ],
    [
      'the domain imports the api',
      'src/domain/probe.ts',
      "import { request } from '../api/client';\nexport const probe = request;\n",
    ],
    [
      'the domain imports the deployment settings',
      'src/domain/probe.ts',
      "import { config } from '../config';\nexport const probe = config;\n",
    ],
    [
      'the app imports a view (decision 034)',
      'src/lib/probe.ts',
      "import LandingPage from '../views/landing/landing-page';\nexport const probe = LandingPage;\n",
    ],
    [
      'a view imports the route table',
      'src/views/shop/probe.ts',
      "import { preloadRoute } from '../../app/router';\nexport const probe = preloadRoute;\n",
    ],
  ])(
    'fails lint when %s',
    async (_direction, filePath, code) => {
      expect(await rulesFiredOn(filePath, code)).toContain('import-x/no-restricted-paths');
    },
    timeout,
  );

  it.each([
    [
      'a view imports a machine',
      'src/views/shop/probe.ts',
      "import { sessionMachine } from '../../machines/session.machine';\nexport const probe = sessionMachine;\n",
    ],
    [
      'a view imports a domain type',
      'src/views/shop/probe.ts',
      "import type { Licence } from '../../domain/entities';\nexport type Probe = Licence;\n",
    ],
    [
      'a machine imports the domain',
      'src/machines/probe.ts',
      "import { timers } from '../domain/constants';\nexport const probe = timers;\n",
    ],
    [
      'a machine imports an api function for its default actor',
      'src/machines/probe.ts',
      "import { me } from '../api/auth';\nexport const probe = me;\n",
    ],
    [
      'a view imports a hook of the app',
      'src/views/shop/probe.ts',
      "import { useSessionActor } from '../../lib/session';\nexport const probe = useSessionActor;\n",
    ],
    [
      'the route table imports a view',
      'src/app/probe.ts',
      "import LandingPage from '../views/landing/landing-page';\nexport const probe = LandingPage;\n",
    ],
  ])(
    'passes lint when %s',
    async (_direction, filePath, code) => {
      expect(await rulesFiredOn(filePath, code)).toEqual([]);
    },
    timeout,
  );

  it(
    "fails lint on an import cycle: the app actor's module imports the session context, which would import it back",
    async () => {
      const back = "import { useAppActor } from './app-actor';\nexport const probe = useAppActor;\n";
      expect(await rulesFiredOn('src/lib/contexts.ts', back)).toContain('import-x/no-cycle');
      expect(await rulesFiredOn('src/lib/probe.ts', back)).toEqual([]);
    },
    timeout,
  );

  it(
    'lets only the entry load the mock API, and only lazily behind VITE_MOCK_API',
    async () => {
      const guarded =
        "export const probe = import.meta.env.VITE_MOCK_API === 'true'\n  ? import('./mocks/browser').then(({ startMock }) => startMock())\n  : Promise.resolve();\n";
      expect(await rulesFiredOn('src/main.tsx', guarded)).toEqual([]);
      expect(await rulesFiredOn('src/main.tsx', "export const probe = () => import('./mocks/browser');\n")).toContain(
        'no-restricted-syntax',
      );
      expect(
        await rulesFiredOn(
          'src/main.tsx',
          "import { startMock } from './mocks/browser';\nexport const probe = startMock;\n",
        ),
      ).toContain('no-restricted-syntax');
      expect(await rulesFiredOn('src/lib/probe.ts', guarded.replace('./mocks/', '../mocks/'))).toContain(
        'import-x/no-restricted-paths',
      );
    },
    timeout,
  );
});

describe('the settings a build puts into the bundle (decision 031)', () => {
  it.each([
    ['the environment read as an object', 'const env = import.meta.env;\nexport const probe = env.VITE_X;\n'],
    ['a setting read by a computed name', "const name = 'VITE_X';\nexport const probe = import.meta.env[name];\n"],
    ['the environment spread', 'export const probe = { ...import.meta.env };\n'],
  ])(
    'fails lint for %s',
    async (_case, code) => {
      expect(await rulesFiredOn('src/config-probe.ts', code)).toContain('no-restricted-syntax');
    },
    timeout,
  );

  it(
    'passes a setting read by its own name',
    async () => {
      expect(await rulesFiredOn('src/config-probe.ts', 'export const probe = import.meta.env.VITE_X;\n')).toEqual([]);
    },
    timeout,
  );
});
