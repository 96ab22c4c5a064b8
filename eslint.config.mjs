// ESLint for the whole tree, run by `npm run lint` (the first step of `npm test`) with zero findings
// allowed. TypeScript files get typescript-eslint's type-aware recommended rules
// (https://typescript-eslint.io/getting-started/typed-linting); the benchmark scripts are plain
// Node JavaScript and get ESLint's recommended rules. Formatting is Prettier's job, not ESLint's.
// Every rule turned off or loosened below says why; anything else is fixed in the code.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'data/**', 'bench/data/**', 'bench/results/**'] },
  // A disable comment that no longer suppresses anything is a finding too.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Events, documents and driver rows are untyped JSON at the store boundary (`Record<string,
      // any>` in projections, rows from better-sqlite3 and MongoDB): the `any` is the honest type
      // there, and the no-unsafe-* family (about 900 findings on this tree) would only turn each such
      // access into a cast.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // The ports are asynchronous (the production adapters talk to servers); the embedded adapters
      // answer synchronously inside `async` methods so that a throw still becomes a rejection, as
      // callers of the port expect. Requiring an `await` there would force the opposite.
      '@typescript-eslint/require-await': 'off',
      // A subscription is an async generator function, which cannot be an arrow function; it reaches
      // its store through one alias named `store`. Any other alias of `this` is still a finding.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['store'] }],
      // Unused names are reported by the compiler (`noUnusedLocals`); `_`-prefixed parameters and
      // destructured leftovers (`const { secret: _, ...rest }`) say "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Input is validated per parameter, by the platform's decorators (validated-params.ts): Nest's
    // own would take the client's input with no pipe at all.
    files: ['libs/**/*.ts', 'apps/**/*.ts'],
    ignores: ['libs/platform/src/http/validated-params.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Body', 'Query', 'Param'],
              message:
                'use ValidBody, ValidQuery or ValidParam from @companion/platform: they carry the validation pipe (docs/request-floor.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
);
