/**
 * How long `resolveModules` takes for 1k, 5k and 10k synthetic manifests, and the cost per
 * manifest as a ratio of the 1k run's: a ratio near 1 means it grows linearly.
 *
 *   node -r @swc-node/register bench/resolve.bench.ts
 */
import { resolveModules } from '../kernel/modules/resolve';
import { syntheticModules } from './synthetic-modules';

const SIZES = [1_000, 5_000, 10_000];
const RUNS = 7;

/** The fastest of several runs: the least disturbed by the machine's other work. */
function bestMs(count: number): number {
  const modules = syntheticModules(count);
  resolveModules(modules); // warm-up: let the JIT compile before timing
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    const { problems } = resolveModules(modules);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (problems.length > 0) throw new Error(`the synthetic graph should resolve: ${problems[0].message}`);
    best = Math.min(best, ms);
  }
  return best;
}

const results = SIZES.map((count) => ({ count, ms: bestMs(count) }));
const baseline = results[0].ms / results[0].count;
console.log('manifests   time (ms)   µs/manifest   per-manifest cost vs 1k');
for (const { count, ms } of results) {
  const perManifest = ms / count;
  console.log(
    `${String(count).padStart(9)}   ${ms.toFixed(2).padStart(9)}   ${(perManifest * 1000).toFixed(2).padStart(11)}   ${(perManifest / baseline).toFixed(2).padStart(6)}x`,
  );
}
