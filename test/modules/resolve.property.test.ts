import { expect } from 'chai';
import fc from 'fast-check';
import { resolveModules, type ResolvableModule } from '../../kernel/modules/resolve';

/** A random graph over ids m0…m(n-1): each module depends on any others (cycles possible). */
const graphs = fc
  .integer({ min: 1, max: 14 })
  .chain((n) => fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }));

/** Only edges to lower indices: always acyclic. */
const dags = graphs.map((edges) => edges.map((deps, i) => deps.filter((d) => d < i)));

const id = (i: number) => `m${String(i).padStart(2, '0')}`;

function modules(edges: number[][]): ResolvableModule[] {
  return edges.map((deps, i) => ({ manifest: { id: id(i), version: '1.0.0', dependsOn: deps.filter((d) => d !== i).map(id) } }));
}

/** The reference order: repeatedly take the smallest id whose dependencies are all placed. */
function smallestReadyFirst(list: ResolvableModule[]): string[] {
  const placed = new Set<string>();
  const order: string[] = [];
  const remaining = [...list].sort((a, b) => a.manifest.id.localeCompare(b.manifest.id));
  while (remaining.length > 0) {
    const index = remaining.findIndex((m) => (m.manifest.dependsOn ?? []).every((d) => placed.has(d)));
    if (index === -1) break;
    const [next] = remaining.splice(index, 1);
    placed.add(next.manifest.id);
    order.push(next.manifest.id);
  }
  return order;
}

describe('resolveModules, on generated graphs', () => {
  it('orders every acyclic graph dependencies-first, smallest ready id first, with no problem', () => {
    fc.assert(
      fc.property(dags, (edges) => {
        const list = modules(edges);
        const { order, problems } = resolveModules(list);
        expect(problems).to.deep.equal([]);
        expect(order).to.deep.equal(smallestReadyFirst(list));
      }),
      { numRuns: 300 },
    );
  });

  it('reports a cycle exactly when the graph has one, and leaves every module of a cycle out of the order', () => {
    fc.assert(
      fc.property(graphs, (edges) => {
        const list = modules(edges);
        const { order, problems } = resolveModules(list);
        const reference = smallestReadyFirst(list);
        const hasCycle = reference.length < list.length;
        expect(problems.some((p) => /cycle/i.test(p.message))).to.equal(hasCycle);
        // What can load loads in the same order the reference finds; nothing else does.
        expect(order).to.deep.equal(reference);
      }),
      { numRuns: 300 },
    );
  });
});
