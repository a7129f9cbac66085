import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import simshop from './tools/eslint-plugin-simshop.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/dist-fault/**', 'data/**', '.tmp/**', 'docs/**', '**/test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { simshop },
    languageOptions: { globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: {
      'simshop/kebab-case-files': 'error',
      'simshop/feature-islands': 'error',
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // A file past 400 lines has two jobs; split it along the seam it already has.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // No import cycles: a cycle hides which module depends on which and breaks at start-up order.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    rules: { 'simshop/no-import-cycle': 'error' },
  },
  {
    // One way to show a query's loading, error and empty states: <QueryState>, which is defined here.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/page-states.tsx'],
    rules: { 'simshop/query-state': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'simshop/repository-of-own-module': 'error' },
  },
  {
    // The server's folders import in one direction (the layer list is in tools/eslint-plugin-simshop.js).
    files: ['apps/server/src/**/*.ts'],
    rules: { 'simshop/no-module-cycle': 'error' },
  },
  {
    // Kysely migrations are frozen in time and typed against Kysely<any> on purpose.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
