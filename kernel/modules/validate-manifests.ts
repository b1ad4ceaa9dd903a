/**
 * Reads and validates every discovered manifest, and checks what no single manifest can show:
 * that each sits in a folder named after its id, that no two modules share an id, and that none
 * takes the kernel's.
 */
import path from 'node:path';
import type { Manifest, ManifestFile } from '../manifest/manifest.types';
import { describeProblem } from '../manifest/manifest-problem';
import { readManifest } from '../manifest/read-manifest';
import { KERNEL_ID } from '../kernel-id';
import type { ModuleProblem } from './module-problem';

/** A module folder whose manifest passed the schema. */
export interface ValidatedModule extends ManifestFile {
  manifest: Manifest;
}

export interface ValidatedManifests {
  /** Every schema-valid manifest, in discovery order, one per id (the first one found). */
  modules: ValidatedModule[];
  problems: ModuleProblem[];
}

export function validateManifests(files: readonly ManifestFile[]): ValidatedManifests {
  const modules: ValidatedModule[] = [];
  const problems: ModuleProblem[] = [];
  const byId = new Map<string, ValidatedModule>();
  for (const found of files) {
    const folder = path.basename(found.dir);
    const result = readManifest(found.file);
    if (!result.manifest) {
      // The id cannot be trusted yet; the folder name is what the operator will look for.
      for (const problem of result.problems) problems.push({ moduleId: folder, file: found.file, message: describeProblem(problem) });
      continue;
    }
    const { manifest } = result;
    if (manifest.id !== folder) {
      problems.push({
        moduleId: manifest.id,
        file: found.file,
        message: `the folder is named "${folder}" but the manifest id is "${manifest.id}"; they must be equal`,
      });
    }
    if (manifest.id === KERNEL_ID) {
      problems.push({
        moduleId: manifest.id,
        file: found.file,
        message: `id "${KERNEL_ID}" is the kernel's own (its migrations and its SPIs, such as ${KERNEL_ID}.authenticator, go by it): give the module another id`,
      });
      continue;
    }
    const first = byId.get(manifest.id);
    if (first) {
      problems.push({
        moduleId: manifest.id,
        file: found.file,
        message: `id "${manifest.id}" is declared by two module folders: ${first.dir} and ${found.dir}`,
      });
      continue;
    }
    // A misnamed module stays in: leaving it out would also report every dependent as missing it.
    const module = { ...found, manifest };
    byId.set(manifest.id, module);
    modules.push(module);
  }
  return { modules, problems };
}
