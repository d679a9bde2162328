import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import wordsInJsx from './scripts/eslint/words-in-jsx.mjs';

const root = import.meta.dirname;

/** Every part of src, for the layers that may import none of them. */
const everyPartOfSrc = [
  'src/domain',
  'src/config.ts',
  'src/i18n',
  'src/api',
  'src/machines',
  'src/views',
  'src/reporting',
  'src/lib',
  'src/app',
  'src/mocks',
  'src/main.tsx',
  'src/boot.ts',
  'src/prerender.tsx',
];
const except = (parts, ...allowed) => parts.filter((part) => !allowed.includes(part));

/**
 * One zone per layer: `target` may not import `from`. The table in docs/architecture.md lists the
 * same directions.
 */
const layerZones = [
  {
    // Domain: pure rules; npm packages only. The glob covers everything outside node_modules too.
    target: 'src/domain',
    from: [`${root}/**`],
    except: [`${root}/src/domain/**`, `${root}/node_modules/**`],
    message: 'The domain is pure: it imports only the domain and npm packages.',
  },
  {
    target: 'src/config.ts',
    from: except(everyPartOfSrc, 'src/config.ts'),
    message: 'Deployment settings depend on nothing else in src.',
  },
  {
    target: 'src/i18n',
    from: except(everyPartOfSrc, 'src/domain', 'src/config.ts', 'src/i18n'),
    message: 'i18n (languages, message catalogue) imports only the domain and the settings.',
  },
  {
    target: 'src/api',
    from: except(everyPartOfSrc, 'src/domain', 'src/config.ts', 'src/api'),
    message: 'The api layer imports only the domain and the settings.',
  },
  {
    target: 'src/machines',
    from: except(everyPartOfSrc, 'src/domain', 'src/config.ts', 'src/api', 'src/machines'),
    message:
      'Machines import the domain, the settings and api functions (their default actors), never a view, the app or the mock.',
  },
  {
    target: 'src/views',
    from: ['src/api', 'src/mocks', 'src/reporting', 'src/app', 'src/main.tsx', 'src/boot.ts', 'src/prerender.tsx'],
    message: 'Views reach the API through machines and take its types from the domain; they never import the mock.',
  },
  {
    // src/lib, the app's actors and the hooks views read them by: views import it, never the reverse
    // (decision 034); the pages are put together in src/app, the composition root.
    target: 'src/lib',
    from: ['src/views', 'src/app', 'src/main.tsx', 'src/boot.ts', 'src/prerender.tsx'],
    message:
      "src/lib (the app's actors and their hooks) never imports a view: views import it; src/app puts pages together.",
  },
  {
    target: 'src/reporting',
    from: [
      'src/api',
      'src/i18n',
      'src/views',
      'src/app',
      'src/mocks',
      'src/main.tsx',
      'src/boot.ts',
      'src/prerender.tsx',
    ],
    message: "Reporting uses machines, the domain, the settings, and the app's inspector and usePortalActor only.",
  },
  {
    target: 'src/reporting',
    from: 'src/lib',
    except: ['./inspector.ts', './use-portal-actor.ts', './focus-trap.ts'],
    message:
      "Reporting uses machines, the domain, the settings, and the app's inspector, usePortalActor and focus trap only.",
  },
  {
    target: 'src/mocks',
    from: [
      'src/i18n',
      'src/machines',
      'src/views',
      'src/reporting',
      'src/lib',
      'src/app',
      'src/main.tsx',
      'src/boot.ts',
      'src/prerender.tsx',
    ],
    message:
      'The mock API is the server side: it shares only the contract (src/api/structs.ts), the domain and the settings.',
  },
  {
    target: ['src/lib', 'src/app', 'src/boot.ts', 'src/prerender.tsx'],
    from: ['src/mocks'],
    message: 'Only src/main.tsx loads the mock API, lazily behind VITE_MOCK_API.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'coverage',
      'test-results',
      'playwright-report',
      'bench-results',
      'node_modules',
      '.stryker-tmp',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler's rule set is advisory here: we do not compile with it.
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      // Actors that resolve with nothing are typed fromPromise<void>; that is a type argument.
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/api/transport.ts (and v1.1 in src/api/v1-1) calls fetch.' },
      ],
    },
  },
  {
    // The layers of src and the directions their imports may take (docs/architecture.md,
    // docs/decisions/021). Type imports count: a view that names an api type depends on api.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `./x` to x.ts or x.tsx, as Vite and TypeScript do; an import it cannot resolve
      // is not checked, so every extension of src must be listed.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Files the plugin reads for their imports (no-cycle follows them); by default only .js.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      // CONVENTIONS.md: no import cycles. Type-only imports, which leave nothing in the build, are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The entry may load the mock API, but only lazily behind VITE_MOCK_API, which Vite resolves
      // at build time: the production bundle carries none of it (npm run check -- bundle).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/(^|\\/)mocks\\//], ExportNamedDeclaration[source.value=/(^|\\/)mocks\\//], ExportAllDeclaration[source.value=/(^|\\/)mocks\\//]',
          message: 'The mock API is loaded only with import() behind import.meta.env.VITE_MOCK_API (src/main.tsx).',
        },
        {
          selector:
            'ImportExpression[source.value=/(^|\\/)mocks\\//]:not(ConditionalExpression[test.left.object.property.name="env"][test.left.property.name="VITE_MOCK_API"] > ImportExpression.consequent, ConditionalExpression[test.left.object.property.name="env"][test.left.property.name="VITE_MOCK_API"] > CallExpression.consequent ImportExpression)',
          message: 'The mock API is loaded only with import() behind import.meta.env.VITE_MOCK_API (src/main.tsx).',
        },
        {
          // Vite replaces `import.meta.env.NAME` by that one value; `import.meta.env` read as an
          // object (or by a computed name) puts every VITE_ variable of the build's environment
          // into the bundle, a CI secret named so included (decision 031).
          selector:
            "MemberExpression[object.type='MetaProperty'][property.name='env']:not(MemberExpression[computed=false] > MemberExpression.object)",
          message: 'Read each setting by its own name, import.meta.env.VITE_…, never import.meta.env as a whole.',
        },
      ],
    },
  },
  {
    files: ['src/mocks/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // What a customer reads comes from the message catalogue (scripts/eslint/words-in-jsx.mjs);
    // the mock's operator panel is a developer's tool, in English only.
    files: ['src/**/*.tsx'],
    ignores: ['src/mocks/**'],
    plugins: { portal: { rules: { 'words-in-jsx': wordsInJsx } } },
    rules: { 'portal/words-in-jsx': 'error' },
  },
  {
    // No type assertions in src: each one left is allowed on
    // its line by a disable comment that gives the reason. `as const` stays allowed.
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    // v1.1's calls and its event stream send their own requests: they load only when a server
    // offers v1.1, so the transport that every first visit loads stays as it is (issue 43).
    files: [
      'src/api/transport.ts',
      'src/api/v1-1/request.ts',
      'src/api/v1-1/events.ts',
      'src/api/v1-1/alerts.ts',
      'src/mocks/**',
      'tests/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
