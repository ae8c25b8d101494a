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
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.name='eval']", message: 'Never evaluate text as code.' },
        { selector: "NewExpression[callee.name='Function']", message: 'Never evaluate text as code.' },
      ],
    },
  },
  {
    // Query helpers over any table, and tests poking at responses, need `any`.
    files: ['server/routes/scope-filters.ts', 'server/routes/names/**', 'server/resources/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
