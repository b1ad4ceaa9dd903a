/**
 * Resolves the module graph from manifests alone: checks every `dependsOn` entry, finds every
 * dependency cycle, and orders the modules that can load so each comes after what it needs.
 * It reports every problem in one pass, and stays linear-ish (n log n) in the number of modules
 * and dependencies: no step scans the module list per module.
 */
import semver from 'semver';
import type { Manifest } from '../manifest/manifest.types';
import { parseDependency, type Dependency } from './dependency';
import { MinHeap } from './min-heap';
import type { ModuleProblem } from './module-problem';
import { stronglyConnected } from './strongly-connected';

export interface ResolvableModule {
  manifest: Pick<Manifest, 'id' | 'version' | 'dependsOn'>;
  /** Named in problems so the operator knows which file to open. */
  file?: string;
}

export interface Resolution {
  /**
   * Ids of the modules that can load, dependencies first; among modules ready at the same time
   * the smallest id goes first, so the order depends on the graph alone, not on disk order.
   * A module in a cycle, with a broken dependency, or depending on such a module is left out.
   */
  order: string[];
  problems: ModuleProblem[];
}

/**
 * Expects unique ids (validateManifests guarantees them and reports duplicates); a repeated id
 * here is ignored after its first occurrence.
 *
 * The order is computed here rather than with the `toposort` package the design names: its
 * depth-first walk keeps a dependent and its own dependents together, so even on the acyclic
 * rest it cannot put the smallest ready id first (docs/decisions.md has the counterexample).
 */
export function resolveModules(modules: readonly ResolvableModule[]): Resolution {
  const byId = new Map<string, ResolvableModule>();
  for (const module of modules) if (!byId.has(module.manifest.id)) byId.set(module.manifest.id, module);
  // Nodes are numbered in id order, so comparing node numbers compares ids.
  const ids = [...byId.keys()].sort();
  const nodeOf = new Map(ids.map((id, node) => [id, node]));
  const problems: ModuleProblem[] = [];
  const blocked = new Uint8Array(ids.length);
  const report = (node: number, message: string): void => {
    blocked[node] = 1;
    problems.push({ moduleId: ids[node], file: byId.get(ids[node])?.file, message });
  };

  const dependencies: number[][] = ids.map((id, node) => {
    const targets: number[] = [];
    for (const entry of byId.get(id)?.manifest.dependsOn ?? []) {
      const dependency = parseDependency(entry);
      if ('error' in dependency) {
        report(node, dependency.error);
        continue;
      }
      const target = nodeOf.get(dependency.id);
      if (target === undefined) {
        report(node, `depends on "${dependency.id}", but no valid module "${dependency.id}" was found`);
        continue;
      }
      targets.push(target);
      const version = byId.get(dependency.id)?.manifest.version ?? '';
      const mismatch = rangeProblem(dependency, version);
      if (mismatch) report(node, mismatch);
    }
    return uniqueSorted(targets);
  });

  for (const cycle of cycles(dependencies)) {
    for (const node of cycle) blocked[node] = 1;
    problems.push({ moduleId: ids[cycle[0]], file: byId.get(ids[cycle[0]])?.file, message: describeCycle(cycle, dependencies, ids) });
  }

  return { order: loadOrder(dependencies, blocked).map((node) => ids[node]), problems };
}

function rangeProblem({ entry, id, range }: Dependency, version: string): string | undefined {
  if (!range) return undefined;
  if (semver.valid(version) === null) {
    return `depends on ${entry}, but ${id} has version "${version}", which is not semver, so the range cannot be checked`;
  }
  if (!range.test(version)) return `depends on ${entry}, but ${id} is version ${version}, outside the range ${range.raw}`;
  return undefined;
}

/** The strongly connected groups that contain a cycle, each sorted, smallest first. */
function cycles(dependencies: readonly number[][]): number[][] {
  return stronglyConnected(dependencies)
    .filter((group) => group.length > 1 || dependencies[group[0]].includes(group[0]))
    .map((group) => group.sort((a, b) => a - b))
    .sort((a, b) => a[0] - b[0]);
}

/**
 * `a -> b -> c -> a`: the shortest cycle through the group's smallest id (breadth-first, inside
 * the group), plus the group's other members, which a single path cannot always visit.
 */
function describeCycle(group: readonly number[], dependencies: readonly number[][], ids: readonly string[]): string {
  const start = group[0];
  const members = new Set(group);
  const cameFrom = new Map<number, number>();
  const queue = [start];
  let last = start;
  search: for (let i = 0; i < queue.length; i++) {
    for (const next of dependencies[queue[i]]) {
      if (next === start) {
        last = queue[i];
        break search;
      }
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  const backwards: number[] = [];
  for (let node = last; node !== start; node = cameFrom.get(node) as number) backwards.push(node);
  const path = [start, ...backwards.reverse()];
  const onPath = new Set(path);
  const others = group.filter((node) => !onPath.has(node)).map((node) => ids[node]);
  const text = `dependency cycle: ${[...path, start].map((node) => ids[node]).join(' -> ')}`;
  return others.length === 0 ? text : `${text} (also caught in it: ${others.join(', ')})`;
}

/** Kahn's algorithm with a min-heap: a module is ready once everything it depends on is placed. */
function loadOrder(dependencies: readonly number[][], blocked: Uint8Array): number[] {
  const dependents: number[][] = dependencies.map(() => []);
  const waitingFor = new Int32Array(dependencies.length);
  dependencies.forEach((targets, node) => {
    waitingFor[node] = targets.length;
    for (const target of targets) dependents[target].push(node);
  });
  const ready = new MinHeap();
  for (let node = 0; node < dependencies.length; node++) if (waitingFor[node] === 0 && !blocked[node]) ready.push(node);
  const order: number[] = [];
  for (let node = ready.pop(); node !== undefined; node = ready.pop()) {
    order.push(node);
    // A blocked module never enters, so nothing that needs it ever becomes ready.
    for (const dependent of dependents[node]) if (--waitingFor[dependent] === 0 && !blocked[dependent]) ready.push(dependent);
  }
  return order;
}

function uniqueSorted(values: number[]): number[] {
  values.sort((a, b) => a - b);
  return values.filter((value, i) => i === 0 || value !== values[i - 1]);
}
