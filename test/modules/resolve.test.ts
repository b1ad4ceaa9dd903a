import { expect } from 'chai';
import { resolveModules, type ResolvableModule } from '../../kernel/modules/resolve';
import { syntheticModules } from '../../bench/synthetic-modules';

/** `module('users', '1.2.0', 'auth@^1', 'departments')` */
function module(id: string, version: string, ...dependsOn: string[]): ResolvableModule {
  return { manifest: { id, version, dependsOn }, file: `/modules/${id}/manifest.json` };
}

const messages = (modules: ResolvableModule[]): string[] => resolveModules(modules).problems.map((p) => `${p.moduleId}: ${p.message}`);

describe('resolveModules', () => {
  describe('the load order', () => {
    it('puts every module after the modules it depends on', () => {
      const { order, problems } = resolveModules([
        module('users', '1.0.0', 'auth', 'departments'),
        module('departments', '1.0.0', 'auth'),
        module('auth', '1.0.0'),
      ]);
      expect(problems).to.deep.equal([]);
      expect(order).to.deep.equal(['auth', 'departments', 'users']);
    });

    it('puts the smallest id first among modules ready at the same time', () => {
      const { order } = resolveModules([module('c', '1'), module('b', '1', 'z'), module('a', '1'), module('z', '1')]);
      expect(order).to.deep.equal(['a', 'c', 'z', 'b']);
    });

    it('does not depend on the order the modules were found in', () => {
      const modules = syntheticModules(300, 7);
      const reversed = [...modules].reverse();
      expect(resolveModules(reversed).order).to.deep.equal(resolveModules(modules).order);
    });

    it('orders a diamond: the shared dependency first, the module needing both last', () => {
      const { order, problems } = resolveModules([
        module('top', '1.0.0', 'left@^1.0.0', 'right'),
        module('right', '1.0.0', 'base'),
        module('left', '1.4.0', 'base@>=1 <2'),
        module('base', '1.0.0'),
      ]);
      expect(problems).to.deep.equal([]);
      expect(order).to.deep.equal(['base', 'left', 'right', 'top']);
    });

    it('orders a chain 5,000 modules deep without overflowing the stack', () => {
      const chain = Array.from({ length: 5000 }, (_, i) => module(`m${i}`, '1.0.0', ...(i > 0 ? [`m${i - 1}`] : [])));
      const { order, problems } = resolveModules(chain);
      expect(problems).to.deep.equal([]);
      expect(order[0]).to.equal('m0');
      expect(order[4999]).to.equal('m4999');
    });

    it('resolves an empty set of modules', () => {
      expect(resolveModules([])).to.deep.equal({ order: [], problems: [] });
    });
  });

  describe('ranges', () => {
    it('accepts a dependency whose version is in its range', () => {
      expect(messages([module('a', '1.0.0', 'b@^2.1.0'), module('b', '2.3.4')])).to.deep.equal([]);
    });

    it('accepts a bare dependency on a module whose version is not semver', () => {
      expect(messages([module('a', '1.0.0', 'b'), module('b', 'nightly')])).to.deep.equal([]);
    });

    it('names the range and the version found when a version is outside the range', () => {
      expect(messages([module('a', '1.0.0', 'b@^2.1.0'), module('b', '1.9.0')])).to.deep.equal([
        'a: depends on b@^2.1.0, but b is version 1.9.0, outside the range ^2.1.0',
      ]);
    });

    it('refuses a range on a module whose version is not semver', () => {
      expect(messages([module('a', '1.0.0', 'b@^1.0.0'), module('b', 'nightly')])).to.deep.equal([
        'a: depends on b@^1.0.0, but b has version "nightly", which is not semver, so the range cannot be checked',
      ]);
    });

    it('refuses a malformed range', () => {
      expect(messages([module('a', '1.0.0', 'b@latest'), module('b', '1.0.0')])).to.deep.equal([
        'a: dependsOn entry "b@latest": "latest" is not a semver range',
      ]);
    });

    it('refuses an @ with no range after it', () => {
      expect(messages([module('a', '1.0.0', 'b@'), module('b', '1.0.0')])).to.deep.equal(['a: dependsOn entry "b@": "" is not a semver range']);
    });

    it('refuses an entry that is not a module id', () => {
      expect(messages([module('a', '1.0.0', 'B')])).to.deep.equal(['a: dependsOn entry "B" is neither "<id>" nor "<id>@<semver range>"']);
    });
  });

  describe('problems', () => {
    it('names every missing module', () => {
      expect(messages([module('a', '1', 'x', 'y'), module('b', '1', 'x')])).to.deep.equal([
        'a: depends on "x", but no valid module "x" was found',
        'a: depends on "y", but no valid module "y" was found',
        'b: depends on "x", but no valid module "x" was found',
      ]);
    });

    it('reports a cycle with its path', () => {
      expect(messages([module('a', '1', 'b'), module('b', '1', 'c'), module('c', '1', 'a')])).to.deep.equal(['a: dependency cycle: a -> b -> c -> a']);
    });

    it('reports a module that depends on itself', () => {
      expect(messages([module('a', '1', 'a')])).to.deep.equal(['a: dependency cycle: a -> a']);
    });

    it('reports two separate cycles, each with its path', () => {
      expect(messages([module('a', '1', 'b'), module('b', '1', 'a'), module('x', '1', 'y'), module('y', '1', 'z'), module('z', '1', 'x')])).to.deep.equal([
        'a: dependency cycle: a -> b -> a',
        'x: dependency cycle: x -> y -> z -> x',
      ]);
    });

    it('names the modules of a tangled group that the shortest cycle does not pass through', () => {
      const tangle = [module('a', '1', 'b'), module('b', '1', 'a', 'c'), module('c', '1', 'b')];
      expect(messages(tangle)).to.deep.equal(['a: dependency cycle: a -> b -> a (also caught in it: c)']);
    });

    it('reports every kind of problem in one pass, and still orders the modules they do not touch', () => {
      const { order, problems } = resolveModules([
        module('ok', '1.0.0'),
        module('needs-ok', '1.0.0', 'ok@^1'),
        module('missing-dep', '1.0.0', 'ghost'),
        module('old-dep', '1.0.0', 'ok@^2'),
        module('loose-dep', '1.0.0', 'nightly@^1'),
        module('nightly', 'tip'),
        module('cyc-a', '1.0.0', 'cyc-b'),
        module('cyc-b', '1.0.0', 'cyc-a'),
        module('after-cycle', '1.0.0', 'cyc-a'),
      ]);
      expect(problems.map((p) => `${p.moduleId}: ${p.message}`)).to.deep.equal([
        'loose-dep: depends on nightly@^1, but nightly has version "tip", which is not semver, so the range cannot be checked',
        'missing-dep: depends on "ghost", but no valid module "ghost" was found',
        'old-dep: depends on ok@^2, but ok is version 1.0.0, outside the range ^2',
        'cyc-a: dependency cycle: cyc-a -> cyc-b -> cyc-a',
      ]);
      expect(order).to.deep.equal(['nightly', 'ok', 'needs-ok']);
    });

    it('names the manifest file of the module at fault', () => {
      expect(resolveModules([module('a', '1', 'x')]).problems[0].file).to.equal('/modules/a/manifest.json');
    });
  });

  describe('at scale', () => {
    // How long it takes is for bench/resolve.bench.ts to show (timings in tests only measure
    // the machine's other work); here, that ten thousand manifests resolve whole.
    it('orders 10,000 synthetic manifests, every one after its dependencies', () => {
      const modules = syntheticModules(10_000);
      const { order, problems } = resolveModules(modules);
      expect(problems).to.deep.equal([]);
      expect(order).to.have.length(10_000);
      const position = new Map(order.map((id, index) => [id, index]));
      for (const { manifest } of modules) {
        for (const dependency of manifest.dependsOn ?? []) expect(position.get(dependency.split('@')[0])!).to.be.lessThan(position.get(manifest.id)!);
      }
    });
  });
});
