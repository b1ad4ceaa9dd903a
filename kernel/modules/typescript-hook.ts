import path from 'node:path';

/**
 * Lets a compiled kernel (`node dist/kernel/main.js`) require module code written in
 * TypeScript — a folder dropped in through MODULE_PATH, a generated module — by registering
 * swc's require hook the first time a `.ts` file is about to load. Under `npm start` and the tests
 * the hook is already there. The compiler options are the module ones (decorators for tsyringe),
 * not the repository's tsconfig, whose `paths` point at sources a built image does not have:
 * `@atrium/kernel` is resolved by the kernel alias instead. That file `include`s only itself:
 * it only carries options, and a TypeScript config with no input at all (a built image's folder
 * holds no `.ts`) makes swc-node log an error at the first module it compiles.
 */
export function ensureTypeScriptHook(file: string): void {
  if (path.extname(file) !== '.ts' || require.extensions['.ts']) return;
  process.env.SWC_NODE_PROJECT ??= path.join(__dirname, 'module-tsconfig.json');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- registered only when a .ts module is first loaded
  require('@swc-node/register');
}
