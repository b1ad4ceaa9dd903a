import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@atrium/kernel';
import { GeneratorErrors } from './errors';
import type { GeneratedFile } from './templates/generation-plan';

/** A module folder written beside the one it replaces, not yet settled. */
export interface StagedModule {
  dir: string;
  /** An earlier generation was there and is set aside until commit or rollback. */
  replaced: boolean;
  /** Keeps the new folder and deletes the one it replaced. */
  commit(): void;
  /** Deletes the new folder and puts the replaced one back. */
  rollback(): void;
}

/** The manifest's module id pattern: a folder name that is never a path. */
export const MODULE_ID = /^[a-z][a-z0-9-]{0,127}$/;
/** Relative paths of plain names: no `..`, no dot-files, no absolute path, no backslash. */
const FILE_PATH = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*(\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*)*$/;
const STAGING = '.staging-';
const PREVIOUS = '.previous-';

/**
 * Writes a generated module as `<root>/<moduleId>/` and nowhere else: every path is checked
 * against the folder it must stay in after symlinks are resolved, a folder or link the generator
 * did not write is never replaced, and the new files are written in full beside the old ones
 * (dot-folders, which discovery passes over) before two renames swap them in.
 */
export function stageModule(root: string, moduleId: string, sourceTable: string, files: readonly GeneratedFile[]): StagedModule {
  if (!MODULE_ID.test(moduleId)) throw new Error(`not a module id: ${JSON.stringify(moduleId)}`);
  fs.mkdirSync(root, { recursive: true });
  const realRoot = fs.realpathSync(root);
  const target = path.join(realRoot, moduleId);
  const existing = fs.lstatSync(target, { throwIfNoEntry: false });
  if (existing) refuseForeign(target, existing, sourceTable);

  const staging = fs.mkdtempSync(path.join(realRoot, STAGING));
  try {
    for (const file of files) writeInside(staging, file);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const previous = existing ? path.join(realRoot, `${PREVIOUS}${moduleId}-${randomBytes(6).toString('hex')}`) : null;
  if (previous) fs.renameSync(target, previous);
  fs.renameSync(staging, target);
  return {
    // The path as configured, as discovery at boot finds it (the checks above used the real one).
    dir: path.join(root, moduleId),
    replaced: previous !== null,
    commit: () => {
      if (previous) fs.rmSync(previous, { recursive: true, force: true });
    },
    rollback: () => {
      fs.rmSync(target, { recursive: true, force: true });
      if (previous) fs.renameSync(previous, target);
    },
  };
}

/**
 * Finishes what a crash interrupted: a replaced folder whose successor never arrived goes back,
 * staging folders and settled leftovers go.
 */
export function recoverInterruptedWrites(root: string): void {
  if (!fs.existsSync(root)) return;
  for (const name of fs.readdirSync(root)) {
    const full = path.join(root, name);
    if (name.startsWith(STAGING)) fs.rmSync(full, { recursive: true, force: true });
    if (!name.startsWith(PREVIOUS)) continue;
    const moduleId = name.slice(PREVIOUS.length).replace(/-[0-9a-f]{12}$/, '');
    if (MODULE_ID.test(moduleId) && !fs.existsSync(path.join(root, moduleId))) fs.renameSync(full, path.join(root, moduleId));
    else fs.rmSync(full, { recursive: true, force: true });
  }
}

/** Only a real folder whose manifest records a generation from this very table may be replaced. */
function refuseForeign(target: string, stat: fs.Stats, sourceTable: string): void {
  const refuse = (why: string) => {
    throw new AppError(GeneratorErrors.GENERATOR_MODULE_EXISTS_409, { details: [{ field: '/body/moduleId', message: why }] });
  };
  if (stat.isSymbolicLink() || !stat.isDirectory()) refuse('the generated-modules folder holds something else under this id');
  let generation: { sourceTable?: unknown } | null | undefined;
  try {
    generation = (JSON.parse(fs.readFileSync(path.join(target, 'manifest.json'), 'utf8')) as { generation?: { sourceTable?: unknown } | null }).generation;
  } catch {
    refuse('a folder with this id exists and has no readable manifest');
  }
  if (!generation) refuse('a module with this id exists that the generator did not write');
  else if (generation.sourceTable !== sourceTable) refuse(`a module with this id was generated from another table (${String(generation.sourceTable)})`);
}

function writeInside(folder: string, file: GeneratedFile): void {
  if (!FILE_PATH.test(file.path)) throw new Error(`a template produced an unsafe path: ${JSON.stringify(file.path)}`);
  const destination = path.join(folder, ...file.path.split('/'));
  if (path.relative(folder, destination).startsWith('..')) throw new Error(`a template path leaves the module folder: ${file.path}`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  // `wx`: a fresh file in a fresh folder; never through a link that something put there.
  fs.writeFileSync(destination, file.content, { flag: 'wx', mode: 0o644 });
}
