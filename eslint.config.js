import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-demo', 'coverage', 'test-results', 'playwright-report', 'bench-results', 'node_modules'] },
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
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api/client.ts calls fetch.' }],
    },
  },
  {
    // No type assertions in src (counted by scripts/count-casts.mjs): each one left is allowed on
    // its line by a disable comment that gives the reason. `as const` stays allowed.
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    files: ['src/api/client.ts', 'src/mocks/**', 'tests/**', 'scripts/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
