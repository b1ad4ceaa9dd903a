// ESLint over the whole tree (`.ci/run`): the recommended rules of ESLint and typescript-eslint.
// Rules that need type information are not on: they triple the run on two cores, and
// `tsc --noEmit` runs in CI anyway.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Module folders: the built-ins, and the test, benchmark and documentation modules, which are
// loaded exactly like dropped-in ones and are copied by module authors.
const MODULE_FOLDERS = [
  'modules/*',
  'test/fixtures/modules/*',
  'test/*/fixtures/*',
  'bench/fixtures/modules/*',
  'bench/fixtures/audit-post',
  'docs/examples/*',
];

// A relative path leaves a module's folder when it climbs more levels than the file sits below
// the folder's top, so each depth gets its own limit. The last depth also stands for every deeper
// one (none is deeper today), which then may not climb more than that many levels.
const DEPTHS = [0, 1, 2, 3];

/** The module files `depth` folders below their module's top. */
function moduleFilesAt(depth) {
  const folders = '*/'.repeat(depth) + (depth === DEPTHS.at(-1) ? '**/' : '');
  return MODULE_FOLDERS.map((root) => `${root}/${folders}*.ts`);
}

/** What a module file `depth` folders deep may not import: docs/writing-a-module.md, "What a module may import". */
function moduleBoundaries(depth) {
  return [
    'error',
    {
      patterns: [
        {
          regex: '^@atrium/kernel/',
          message: "The kernel is imported only as '@atrium/kernel' (kernel/api.ts); the files behind it are internals.",
        },
        {
          regex: '^@atrium/module/[^/]+/',
          message: "Another module is imported only as '@atrium/module/<id>': its api.ts, whose tokens its dependsOn grants.",
        },
        {
          regex: `^(/|(\\.\\./){${depth + 1}})`,
          message: "This path leaves the module's folder: the kernel is '@atrium/kernel', another module is '@atrium/module/<id>'.",
        },
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'console/dist/**', 'data/**', '.tmp/**', 'coverage/**', 'test/generated/**', '**/*.d.ts'] },
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
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly', WebAssembly: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...DEPTHS.map((depth) => ({ files: moduleFilesAt(depth), rules: { 'no-restricted-imports': moduleBoundaries(depth) } })),
  {
    // MikroORM is module API at the kernel's version, so modules take it from the kernel
    // (kernel/orm.ts): typescript-eslint's copy of the rule, so that the block below can lift this
    // one restriction alone.
    files: DEPTHS.flatMap(moduleFilesAt),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@mikro-orm/*'], message: "MikroORM is imported from '@atrium/kernel', at the kernel's MikroORM 6." }] },
      ],
    },
  },
  {
    // Served to the browser by the system module's /docs page, next to Swagger UI's bundle.
    files: ['modules/system/docs/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', SwaggerUIBundle: 'readonly' } },
  },
);
