/**
 * Finds module folders. A root is either a module folder itself (it holds a manifest.json) or a
 * folder whose immediate subfolders are module folders; dot-folders and folders without a
 * manifest.json are not modules and are passed over.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ManifestFile } from '../manifest/manifest.types';

export const MANIFEST_FILE_NAME = 'manifest.json';

/**
 * The manifests under `roots`, root by root in the given order, each root's modules in folder
 * name order. Roots that do not exist yield nothing here; `planModules` reports them.
 */
export function discoverModules(roots: readonly string[]): ManifestFile[] {
  const found: ManifestFile[] = [];
  // The same folder reached twice (a root listed twice, or a symlink to a module) is one module,
  // not a duplicate id.
  const seen = new Set<string>();
  for (const given of roots) {
    const root = path.resolve(given);
    for (const dir of moduleDirs(root)) {
      const real = fs.realpathSync(dir);
      if (seen.has(real)) continue;
      seen.add(real);
      found.push({ root, dir, file: path.join(dir, MANIFEST_FILE_NAME) });
    }
  }
  return found;
}

function moduleDirs(root: string): string[] {
  if (!isDirectory(root)) return [];
  if (hasManifest(root)) return [root];
  // Default sort compares UTF-16 code units: the same order on every machine, whatever its locale.
  return fs
    .readdirSync(root)
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => path.join(root, name))
    .filter((dir) => isDirectory(dir) && hasManifest(dir));
}

/** Follows symlinks, so a linked module folder counts as a folder. */
function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function hasManifest(dir: string): boolean {
  return fs.existsSync(path.join(dir, MANIFEST_FILE_NAME));
}
