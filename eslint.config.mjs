// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { builtinModules } from 'node:module';

/** Node built-ins, with and without the `node:` prefix: none of them may run in the workflow sandbox. */
const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  {
    ignores: [
      'lib/**',
      'node_modules/**',
      '.tools/**',
      'coverage/**',
      'test/fixtures/**',
      '.vitest-temporal/**',
      '.durable-context/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The published bin shim is plain CommonJS that loads the compiled CLI.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Workflow and context-engine code runs inside Temporal's deterministic sandbox
    // (or must be able to): Node built-ins there are either unavailable or non-deterministic.
    files: ['src/workflows/**/*.ts', 'src/context/**/*.ts', 'src/workflow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({
            name,
            message: 'Node built-ins are not allowed in workflow or context code: it must stay deterministic.',
          })),
        },
      ],
    },
  },
);
