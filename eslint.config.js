import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The one-way import arrows of DESIGN.md: contract <- server; contract <- screens <- src; contract <- kiosk. */
const arrows = {
  'import-x/no-restricted-paths': ['error', {
    zones: [
      { target: './contract', from: ['./server', './src', './screens', './kiosk'], message: 'contract/ imports nothing of the other folders.' },
      { target: './server', from: ['./src', './screens', './kiosk'], message: 'server/ imports contract/ only.' },
      { target: './screens', from: ['./server', './src', './kiosk'], message: 'screens/ imports contract/ only.' },
      { target: './src', from: ['./server', './kiosk'], message: 'src/ imports contract/ and screens/ only.' },
      { target: './kiosk', from: ['./server', './src', './screens'], message: 'kiosk/ imports contract/ only.' },
    ],
  }],
};

/** Text is never evaluated as code (DESIGN: one small safe expression evaluator). */
const noEval = [
  { selector: "CallExpression[callee.name='eval']", message: 'Never evaluate text as code.' },
  { selector: "NewExpression[callee.name='Function']", message: 'Never evaluate text as code.' },
];

/** DESIGN "Routes never write SQL": in server/routes/, a family's `<family>-repository.ts` owns it. */
const ROUTES_WRITE_NO_SQL = 'Routes never write SQL (DESIGN.md, Admin resource kit): move the query into the family\'s <family>-repository.ts.';
const noSqlInRoutes = [
  { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]", message: ROUTES_WRITE_NO_SQL },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: ROUTES_WRITE_NO_SQL },
  { selector: "CallExpression[callee.object.name='sql']", message: ROUTES_WRITE_NO_SQL },
];

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      ...arrows,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...noEval],
    },
  },
  {
    // No import circles. The rule reads the imported modules, so it is told to parse TypeScript.
    // It does not follow `import type`, so a circle closed only through types goes unreported.
    files: ['src/**/*.{ts,tsx}', 'screens/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'kiosk/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*-repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noEval, ...noSqlInRoutes] },
  },
  {
    // One table for every list: rows become labelled cards on a phone (SPEC §4's mobile class).
    files: ['src/**/*.tsx'],
    ignores: ['src/features/admin/kit/CardTable.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{
        name: 'antd', importNames: ['Table'], message: 'Use Table from src/features/admin/kit/CardTable: its rows become cards on a phone.',
      }] }],
    },
  },
  {
    // Query helpers over any table, and tests poking at responses, need `any`.
    files: ['server/auth/scope-filters.ts', 'server/routes/names/**', 'server/resources/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
