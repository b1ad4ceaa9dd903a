/**
 * Where the repository's own folders are, whether the kernel runs from source (`kernel/`) or from
 * the tsc build (`dist/kernel/`: tsconfig.build.json keeps rootDir at the repository root, so
 * `kernel/` and `modules/` stay side by side in `dist/`).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Walks up to the folder holding package.json rather than counting `..` segments, because the
 * depth of this file differs between source and build layouts.
 */
function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}: cannot locate the Atrium folder`);
  }
}

export const repoRoot: string = findRepoRoot(__dirname);

/**
 * The built-in modules; always the first module root, so operator folders cannot shadow them.
 * Found beside this file's folder rather than under the repository root: from source that is
 * `<root>/modules`, from a build it is `dist/modules`, the compiled modules next to the compiled
 * kernel (`<root>/modules` would hand the compiled kernel the TypeScript sources).
 */
export const builtinModulesDir: string = path.join(__dirname, '..', 'modules');

/**
 * The published v1 manifest schema, read by the validator and served by the running server. It
 * stays at the repository root in every layout (the Docker image copies `manifests/` too).
 */
export const manifestSchemaFile: string = path.join(repoRoot, 'manifests', 'module-manifest.v1.schema.json');
