import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import simshop from './tools/eslint-plugin-simshop.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'docs/**', '**/test-results/**', 'bench/results/**'] },
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
    },
  },
  {
    // No import cycles (issue 12): a cycle hides which module depends on which and breaks at start-up order.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    rules: { 'simshop/no-import-cycle': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'simshop/repository-of-own-module': 'error' },
  },
  {
    // Kysely migrations are frozen in time and typed against Kysely<any> on purpose.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
