// ESLint over the whole tree (`.ci/run`): the recommended rules of ESLint and typescript-eslint.
// Rules that need type information are not on: they triple the run on two cores, and
// `tsc --noEmit` runs in CI anyway.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '.tmp/**', 'coverage/**', 'test/generated/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `(...args: any[])` is how TypeScript spells "any constructor"; `unknown[]` is not assignable there.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
    },
  },
  {
    // Tests assert with chai's property assertions (`expect(x).to.be.true`), which are expressions,
    // and read JSON responses whose shape is what they check.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Served to the browser by the system module's /docs page, next to Swagger UI's bundle.
    files: ['modules/system/docs/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', SwaggerUIBundle: 'readonly' } },
  },
);
