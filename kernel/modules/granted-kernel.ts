import type { Manifest } from '../manifest/manifest.types';
import { CapabilityError, type Capability } from './capabilities';
import type { KernelCapabilities } from '../module-api/kernel-capabilities';

type Part = keyof KernelCapabilities;
const PARTS: readonly Part[] = ['modules', 'lifecycle', 'catalog', 'names', 'health', 'monitor', 'streams', 'exports'];

/** The manifest word that grants a part of `ctx.kernel`. */
const wordOf = (part: Part): Capability => `kernel.${part}`;

/**
 * `ctx.kernel` for one module: each part a getter that refuses, naming the word to add, unless
 * the manifest names that part (or `kernel`, every part). A module naming no part at all is
 * refused at `ctx.kernel` itself, with the words it may choose from.
 */
export function grantedKernel(manifest: Readonly<Manifest>, file: string, all: () => KernelCapabilities): () => KernelCapabilities {
  const words = new Set(manifest.capabilities ?? []);
  const granted = (part: Part) => words.has('kernel') || words.has(wordOf(part));
  const view = {} as KernelCapabilities;
  for (const part of PARTS) {
    Object.defineProperty(view, part, {
      enumerable: true,
      get() {
        if (!granted(part)) {
          throw new CapabilityError(`module "${manifest.id}" has no "${wordOf(part)}" capability: add "${wordOf(part)}" to "capabilities" in ${file}`);
        }
        return all()[part];
      },
    });
  }
  Object.freeze(view);
  return () => {
    if (!PARTS.some(granted)) {
      const choices = PARTS.map((part) => `"${wordOf(part)}"`).join(', ');
      throw new CapabilityError(
        `module "${manifest.id}" has no "kernel" capability: add the part it uses (${choices}) to "capabilities" in ${file}, or add "kernel" to "capabilities" in ${file} for every part`,
      );
    }
    return view;
  };
}
