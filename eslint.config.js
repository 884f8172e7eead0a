import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'coverage/**',
      'tools/bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every regular expression of the repository: the plugin's recommended rules but the stylistic
  // ones (they change no match), and the two that find input on which a pattern backtracks or
  // moves in more than linear time, reporting what might be as well as what surely is.
  {
    plugins: { regexp },
    rules: {
      ...Object.fromEntries(
        Object.entries(regexp.configs.recommended.rules).filter(
          ([name]) =>
            regexp.rules[name.replace('regexp/', '')]?.meta.docs.category !== 'Stylistic Issues',
        ),
      ),
      // A pattern's flags do not reach the JSON Schema `pattern` a zod schema becomes: the
      // services' OpenAPI documents would narrow [A-Za-z] to [A-Z].
      'regexp/use-ignore-case': 'off',
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential' }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tools/**/*.mjs', 'tests/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
