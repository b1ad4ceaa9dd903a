import Module from 'node:module';
import path from 'node:path';

export const KERNEL_IMPORT = '@atrium/kernel';
/** `@atrium/module/<id>`: the public contract (`api.ts`) of another module, wherever it lives. */
export const MODULE_API_IMPORT = '@atrium/module/';

const moduleFolders = new Map<string, string>();

/**
 * Records where a module's folder is, so `@atrium/module/<id>` resolves to its `api.ts`: the
 * tokens and types it shares, and nothing of its implementation.
 */
export function registerModuleFolder(id: string, dir: string): void {
  moduleFolders.set(id, dir);
}

type Resolve = (request: string, parent: NodeJS.Module | undefined, ...rest: unknown[]) => string;

let installed = false;

/**
 * Makes `import … from '@atrium/kernel'` resolve to this kernel from a module folder anywhere
 * on disk, so dropped-in and generated modules share the kernel's classes (an AppError thrown
 * by a module is the kernel's AppError).
 *
 * A package a module folder cannot find on its own (`tsyringe`, `@mikro-orm/core` from a
 * MODULE_PATH folder outside this checkout) is then looked up where the kernel finds its own.
 * Without it such a module could not load at all, and with a copy of its own it would get a
 * second tsyringe whose injection metadata the kernel's containers cannot read.
 */
export function installKernelAlias(): void {
  if (installed) return;
  installed = true;
  const target = path.join(__dirname, '..', 'api');
  const internals = Module as unknown as { _resolveFilename: Resolve };
  const original = internals._resolveFilename;
  internals._resolveFilename = function resolveWithAlias(request, parent, ...rest) {
    if (request === KERNEL_IMPORT) return original.call(this, target, parent, ...rest);
    if (request.startsWith(MODULE_API_IMPORT)) {
      const dir = moduleFolders.get(request.slice(MODULE_API_IMPORT.length));
      if (dir) return original.call(this, path.join(dir, 'api'), parent, ...rest);
    }
    try {
      return original.call(this, request, parent, ...rest);
    } catch (error) {
      if (!fromModuleCode(request, parent, error)) throw error;
      // Resolved as if this file had asked: from the kernel's own node_modules.
      return original.call(this, request, module, ...rest);
    }
  };
}

/**
 * A bare package name, not found, asked for by module code — never by a package in some
 * node_modules, whose optional dependencies must stay as absent as they are.
 */
function fromModuleCode(request: string, parent: NodeJS.Module | undefined, error: unknown): boolean {
  if ((error as { code?: unknown }).code !== 'MODULE_NOT_FOUND') return false;
  if (request.startsWith('.') || path.isAbsolute(request) || request.startsWith('node:')) return false;
  const from = parent?.filename;
  return typeof from === 'string' && !from.split(path.sep).includes('node_modules');
}
