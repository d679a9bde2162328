import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { coreChunk } from './scripts/build/core-chunk.ts';
import { readersOnly } from './scripts/build/readers-only.ts';
import { corePart, partitionProject, splitMessages } from './scripts/build/message-parts.ts';
import { productionSettings } from './scripts/build/production-settings.ts';

const workerFile = fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url));

/**
 * Serves MSW's worker script in development and emits it into mock-enabled builds only, so
 * that the production bundle carries no mock code at all (not even in public/).
 */
function mockServiceWorker(enabled: boolean): Plugin {
  return {
    name: 'portal-mock-service-worker',
    configureServer(server) {
      if (!enabled) return;
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(workerFile));
      });
    },
    generateBundle() {
      if (!enabled) return;
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(workerFile, 'utf8') });
    },
  };
}

/**
 * `npm run dev` serves the mock v1 API over HTTP as well, beside the browser's service worker:
 * `/api/v1/…` and the controls `/__mock/…` (scripts/mock-api/server.ts), on a database of their
 * own, for tools that are not a browser: `npm run contract -- smoke`, `npm run contract -- verify`, curl.
 * The portal's own calls never get here: the worker answers them first.
 */
function mockApiOverHttp(enabled: boolean): Plugin {
  return {
    name: 'portal-mock-api-over-http',
    configureServer(server) {
      if (!enabled) return;
      let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
      server.middlewares.use((request, response, next) => {
        const path = request.url ?? '';
        if (!path.startsWith('/api/v1/') && !path.startsWith('/__mock/')) {
          next();
          return;
        }
        void (async () => {
          if (!handler) {
            const module = await server.ssrLoadModule('/scripts/mock-api/server.ts');
            const create = module.createMockApiHandler as (origin: string) => typeof handler;
            handler = create(`http://${request.headers.host ?? 'localhost'}`);
          }
          handler?.(request, response);
        })().catch(next);
      });
    },
  };
}

const messagesModule = 'virtual:portal-messages';
const partModule = /^\0virtual:portal-messages\/messages-(en|de)-([\w-]+)$/;

/**
 * The messages as parts (scripts/build/message-parts.ts, docs/decisions/020): `virtual:portal-messages`
 * exports a loader per language and part, each part its own chunk, so that a first visit loads
 * only the messages its page can show. The development server and the tests have one part,
 * `core`, with every message (no split to go stale while files change).
 *
 * A build ships the messages precompiled to ICU syntax trees, so the browser needs no message
 * parser (react-intl's runtime parser is swapped for its no-parser build). The translation
 * check guarantees every message exists in both languages, so react-intl never has to parse a
 * default message at run time.
 */
function portalMessages(build: boolean): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  let split: ReturnType<typeof partitionProject> | undefined;
  const partition = () =>
    (split ??= build ? partitionProject(root) : { partOf: new Map<string, string[]>(), parts: [] });
  return {
    name: 'portal-messages',
    enforce: 'pre',
    resolveId(id) {
      if (id === messagesModule || id.startsWith(`${messagesModule}/`)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${messagesModule}`) {
        const { parts } = partition();
        const entries = (language: string) =>
          [corePart, ...parts]
            .map(
              (part) =>
                `${JSON.stringify(part)}: () => import(${JSON.stringify(`${messagesModule}/messages-${language}-${part}`)})`,
            )
            .join(', ');
        return `export const loaders = { en: { ${entries('en')} }, de: { ${entries('de')} } };`;
      }
      const match = partModule.exec(id);
      if (!match) return null;
      const [, language = '', part = ''] = match;
      const messages = JSON.parse(readFileSync(`${root}translations/${language}.json`, 'utf8')) as Record<
        string,
        string
      >;
      const { partOf, parts } = partition();
      const own = splitMessages(messages, partOf, parts).get(part) ?? {};
      const compiled = build ? Object.fromEntries(Object.entries(own).map(([key, text]) => [key, parse(text)])) : own;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

/**
 * The test environment follows the file name (tests/contract has a configuration of its own):
 *   - `*.test.ts`: Node, with a light setup (the `node` project);
 *   - `*.test.tsx` and `*.dom.test.ts`: happy-dom with Node's fetch and the mock API's server (`dom`,
 *     tests/setup/happy-dom-environment.ts, decision 063): views, widgets, and
 *     the files that need a document without rendering one (the API client, whose relative addresses
 *     resolve against the page's location; the mock's handlers; machines whose tests render);
 *   - `*.page.test.ts(x)`: jsdom, each file on a page of its own with fresh modules (`page`): the
 *     files that start the Sentry SDK, which keeps one client per page on the global object;
 *   - `*.heavy.test.tsx`: happy-dom like `dom`, for tests that render the whole app hundreds of times
 *     (`heavy`: `npm run test:heavy`, which CI runs beside the type-check and lint, and which
 *     `npm test` leaves out): with CI's 200 cases a property, the tolerant-reading properties kept
 *     one of `npm test`'s two workers busy for 76 s;
 *   - `*.bench.tsx`: only `npm run bench -- dashboard`, which sets DASHBOARD_BENCH_OUT (`bench`).
 */
/**
 * The DOM of the `dom` and `heavy` projects: happy-dom, completed where it falls short of a browser
 * (decision 063); `TEST_DOM=jsdom npm test` runs them in jsdom, to tell a gap of one DOM from a fault
 * of the portal.
 */
const testDom = process.env.TEST_DOM === 'jsdom' ? 'jsdom' : './tests/setup/happy-dom-environment.ts';

const testFiles = {
  node: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/**/*.dom.test.ts', 'tests/**/*.page.test.ts', 'tests/contract/**', 'tests/scripts/**'],
  },
  tooling: { include: ['tests/scripts/**/*.test.ts'], exclude: [] },
  dom: {
    include: ['tests/**/*.test.tsx', 'tests/**/*.dom.test.ts'],
    exclude: ['tests/**/*.page.test.tsx', 'tests/**/*.heavy.test.tsx'],
  },
  heavy: { include: ['tests/**/*.heavy.test.tsx'], exclude: [] },
  page: { include: ['tests/**/*.page.test.{ts,tsx}'], exclude: [] },
  bench: { include: ['tests/bench/**/*.bench.tsx'], exclude: [] },
};

export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const mock = env.VITE_MOCK_API === 'true';
  const production = command === 'build' && mode !== 'test';
  return {
    plugins: [
      // First: a production build without its settings stops before anything else runs.
      productionSettings(),
      readersOnly(),
      react(),
      mockServiceWorker(mock),
      mockApiOverHttp(mock),
      portalMessages(production),
      coreChunk('/src/main.tsx'),
    ],
    resolve: {
      alias: [
        // @xstate/react reaches React's own useSyncExternalStore through the shim kept for React 17;
        // React 19 has it, so the shim's fallback code need not be shipped.
        {
          find: /^use-sync-external-store\/shim\/with-selector$/,
          replacement: 'use-sync-external-store/with-selector',
        },
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
        ...(production
          ? [
              {
                find: '@formatjs/icu-messageformat-parser',
                replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
              },
            ]
          : []),
      ],
    },
    build: {
      target: 'es2022',
      // Maps for an error tracker's upload, but no `sourceMappingURL` comment that points anyone to
      // them (decision 031); nginx answers 404 for them and for the manifest's `/.vite/`.
      sourcemap: 'hidden',
      manifest: true,
      // A dynamic import asks for the chunk and every chunk it imports at once (issue 41), not
      // one level after another as each runs. No preload hints in index.html: a prerendered page
      // paints first, then its start script asks for its modules (scripts/build/first-paint.mjs).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? [] : dependencies),
      },
      rolldownOptions: {
        output: {
          // The pieces every form's first visit loads stay two chunks, whichever later page
          // (the security page, issue 44) shares only some of their modules: the field rules with
          // the struct library, and the fields with the form lifecycle's actions.
          codeSplitting: {
            groups: [
              { name: 'fields', test: /node_modules[\\/]superstruct[\\/]|src[\\/]domain[\\/]fields\.ts$/ },
              {
                name: 'form-fields',
                test: /src[\\/](machines[\\/](error-line\.machine|form-actions|still-working)\.ts|views[\\/]shared[\\/](field-error-messages\.ts|still-working\.tsx|form-fields\.tsx))$/,
              },
            ],
          },
        },
      },
    },
    // Dependencies are found from the one page and what it imports; not from the HTML that other
    // tools write into the project (the API pages in dist-gallery/, which the scan cannot parse).
    optimizeDeps: { entries: ['index.html'] },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
    test: {
      // The contract tests run in Node with a configuration of their own (npm run contract -- test).
      exclude: [...configDefaults.exclude, 'tests/contract/**'],
      restoreMocks: true,
      env: { VITE_MOCK_API: 'false' },
      // Both cores of a developer's machine; Vitest's default leaves one idle.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: testFiles.node.include,
            exclude: [...configDefaults.exclude, ...testFiles.node.exclude],
            // As in `dom`: the files of a worker share their modules (no module keeps state).
            isolate: false,
            setupFiles: ['./tests/setup/common.ts'],
          },
        },
        {
          extends: true,
          test: {
            // The tests of the project's scripts (builds, lint, the gallery's plan, the dev server):
            // not the product's, and a third of the run's time. `npm run test:tooling`; CI runs them
            // beside the type-check and lint (scripts/validate.mjs).
            name: 'tooling',
            environment: 'node',
            include: testFiles.tooling.include,
            exclude: [...configDefaults.exclude],
            isolate: false,
            setupFiles: ['./tests/setup/common.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: testDom,
            // On the spec-strict mock (decision 059): answers with exactly SPEC §3's fields, the
            // stricter of the mock's two ways, so that no view test leans on what only the mock
            // sends. The mock's own tests run once more on its default way in CI
            // (VITE_MOCK_STRICT=false, scripts/validate.mjs).
            env: { VITE_MOCK_API: 'false', VITE_MOCK_STRICT: process.env.VITE_MOCK_STRICT ?? 'true' },
            include: testFiles.dom.include,
            exclude: [...configDefaults.exclude, ...testFiles.dom.exclude],
            // The files of a worker share their modules: loading React, the app and the
            // mock API once per worker instead of once per file halves the run. What the app keeps
            // between renders is reset before each test (tests/setup/dom.ts).
            isolate: false,
            setupFiles: ['./tests/setup/common.ts', './tests/setup/dom.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'heavy',
            environment: testDom,
            include: testFiles.heavy.include,
            isolate: false,
            setupFiles: ['./tests/setup/common.ts', './tests/setup/dom.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'page',
            environment: 'jsdom',
            // Each file in a VM context of its own inside a worker that stays: a fresh global object
            // and fresh modules for each page, as a new process gave, without loading Node's side of
            // jsdom again for each file (the project's run went from 10 s to 6 s).
            pool: 'vmForks',
            include: testFiles.page.include,
            setupFiles: ['./tests/setup/common.ts', './tests/setup/page.ts'],
          },
        },
        ...(process.env.DASHBOARD_BENCH_OUT
          ? [
              {
                extends: true as const,
                test: {
                  name: 'bench',
                  environment: 'jsdom',
                  include: testFiles.bench.include,
                  setupFiles: ['./tests/setup/common.ts', './tests/setup/dom.ts'],
                },
              },
            ]
          : []),
      ],
    },
  };
});
