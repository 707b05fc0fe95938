// ESLint as the repository configures it, for the lint tests. Most cases lint a file that exists nowhere, whose
// TypeScript project cannot be read: `imagined` turns the type-aware rules off for them, and every other rule
// (boundaries, layers, sizes) applies as it does to real files. `typed` is the configuration as it is.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const cwd = resolve(import.meta.dirname, '..', '..');

export const typed = new ESLint({ cwd });

export const imagined = new ESLint({
  cwd,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});
