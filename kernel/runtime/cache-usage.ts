/** One named cache (a module's namespace) as the monitor shows it. */
export interface CacheStats {
  /** The id of the module whose namespace it is. */
  name: string;
  /** Live entries held by this instance. */
  entries: number;
  /** Reads that found a value, and reads that did not, since the instance started. */
  hits: number;
  misses: number;
}

/** How often each namespace's reads found their value: the hit ratio an operator tunes by. */
export class CacheUsage {
  private readonly reads = new Map<string, { hits: number; misses: number }>();

  count(name: string, hit: boolean): void {
    let reads = this.reads.get(name);
    if (!reads) this.reads.set(name, (reads = { hits: 0, misses: 0 }));
    if (hit) reads.hits += 1;
    else reads.misses += 1;
  }

  /** The namespaces named, in name order, with the entries counted for each. */
  stats(names: readonly string[], entries: ReadonlyMap<string, number>): CacheStats[] {
    return [...names]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({ name, entries: entries.get(name) ?? 0, hits: this.reads.get(name)?.hits ?? 0, misses: this.reads.get(name)?.misses ?? 0 }));
  }
}
