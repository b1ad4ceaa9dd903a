/**
 * A reproducible module graph of any size for measuring `resolveModules`: each module depends on
 * up to three earlier ones (so the graph is acyclic and everything resolves), half of those
 * entries with a semver range, and the list comes shuffled, as disk order would be.
 */
import type { ResolvableModule } from '../kernel/modules/resolve';

export function syntheticModules(count: number, seed = 1): ResolvableModule[] {
  const random = mulberry32(seed);
  const id = (i: number): string => `mod-${i}`;
  const modules: ResolvableModule[] = [];
  for (let i = 0; i < count; i++) {
    const dependsOn = new Set<string>();
    const wanted = i === 0 ? 0 : Math.floor(random() * 4);
    for (let d = 0; d < wanted; d++) {
      const target = Math.floor(random() * i);
      dependsOn.add(random() < 0.5 ? id(target) : `${id(target)}@^1.${target % 3}.0`);
    }
    modules.push({ manifest: { id: id(i), version: `1.${i % 3}.${i % 7}`, dependsOn: [...dependsOn] }, file: `/synthetic/${id(i)}/manifest.json` });
  }
  for (let i = modules.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [modules[i], modules[j]] = [modules[j], modules[i]];
  }
  return modules;
}

/** A small seeded generator: the same graph on every run and machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
