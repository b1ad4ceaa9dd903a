import Module from 'node:module';
import path from 'node:path';

export const KERNEL_IMPORT = '@atrium/kernel';

type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;

let installed = false;

/**
 * Makes `import … from '@atrium/kernel'` resolve to this kernel from a module folder anywhere
 * on disk, so dropped-in and generated modules share the kernel's classes (an AppError thrown
 * by a module is the kernel's AppError).
 */
export function installKernelAlias(): void {
  if (installed) return;
  installed = true;
  const target = path.join(__dirname, '..', 'api');
  const internals = Module as unknown as { _resolveFilename: Resolve };
  const original = internals._resolveFilename;
  internals._resolveFilename = function resolveWithAlias(request, parent, ...rest) {
    return original.call(this, request === KERNEL_IMPORT ? target : request, parent, ...rest);
  };
}
