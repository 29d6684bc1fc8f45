import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The main thread talks to the sync engine only through its typed client (DESIGN.md "Conventions").
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/**', '!**/worker/client', '!**/worker/client.ts', '!**/worker/api-types', '!**/worker/api-types.ts'],
              message: 'src/ may import only worker/client.ts and worker/api-types.ts from the worker.',
            },
            { group: ['rxdb', 'rxdb/*', 'dexie', 'ajv', 'ajv/*'], message: 'RxDB, Dexie and ajv are worker-only.' },
            { group: ['**/server/**'], message: 'The app never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    // domain/ holds the pure shop rules shared by app, worker and server (DESIGN.md "Layout").
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../**', '!../**/domain/**', '!../**/contract/**', '!../*.ts', '!../**/*.ts'],
              message: 'domain/ imports only domain/, contract/ and pure libraries.',
            },
            { group: ['**/src/**', '**/worker/**', '**/server/**', '**/schemas/**', '**/sw/**'], message: 'domain/ imports only domain/, contract/ and pure libraries.' },
            { group: ['node:*', 'fs', 'path', 'react', 'react-dom', 'rxdb', 'rxdb/*', 'dexie', 'fastify', 'pg', '@electric-sql/*'], message: 'domain/ is pure: no I/O, no framework.' },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/src/**'], message: 'The worker imports domain/, contract/ and schemas/, never server or app code.' }] }],
    },
  },
  {
    // queue/ holds the queue mechanics only; wiring it to the areas that use it happens at the worker root
    // (worker/sync-engine.ts, worker/context-engine.ts).
    files: ['worker/queue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/src/**'], message: 'The worker imports domain/, contract/ and schemas/, never server or app code.' },
            { group: ['../cart/**', '../user/**', '../orders/**', '../catalog/**', '../routing/**'], message: 'queue/ knows no area: the worker root wires the areas to the queue.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/worker/**', '**/src/**'], message: 'The server imports domain/ and contract/, never worker or app code.' }] }],
    },
  },
);
