import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { moduleRoots } from '../../kernel/modules/module-roots';
import { planModules } from '../../kernel/modules/plan';
import { runAtrium } from '../support/run-atrium';
import { makeTempDir, manifestOf, writeModule } from './module-folders';

/**
 * The built-in folder is part of every run, so these tests count on what it holds today rather
 * than on it being empty; their own modules use ids no built-in module takes.
 */
describe('atrium modules check / list', () => {
  let tmp: string;
  const builtin = planModules(moduleRoots({ modulePaths: [] }));

  before(() => {
    tmp = fs.realpathSync(makeTempDir('modules-cli'));
    const parent = path.join(tmp, 'extra');
    writeModule(parent, 'zz-test-base', manifestOf('zz-test-base', { version: '2.1.0' }));
    writeModule(parent, 'zz-test-app', manifestOf('zz-test-app', { dependsOn: ['zz-test-plugin', 'zz-test-base@^2.0.0'] }));
    writeModule(tmp, 'zz-test-plugin', manifestOf('zz-test-plugin', { dependsOn: ['zz-test-base'] }));
    const broken = path.join(tmp, 'broken');
    writeModule(broken, 'zz-test-cycle-a', manifestOf('zz-test-cycle-a', { dependsOn: ['zz-test-cycle-b'] }));
    writeModule(broken, 'zz-test-cycle-b', manifestOf('zz-test-cycle-b', { dependsOn: ['zz-test-cycle-a'] }));
    writeModule(broken, 'zz-test-old', manifestOf('zz-test-old', { dependsOn: ['zz-test-base@^3'] }));
    writeModule(broken, 'zz-test-lonely', manifestOf('zz-test-lonely', { dependsOn: ['zz-test-ghost'] }));
  });
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const good = (): string => [path.join(tmp, 'extra'), path.join(tmp, 'zz-test-plugin')].join(':');
  const bad = (): string => [good(), path.join(tmp, 'broken')].join(':');

  describe('modules check', () => {
    it('works on the built-in modules folder alone', () => {
      const run = runAtrium(['modules', 'check'], { MODULE_PATH: '' });
      expect(run.stdout).to.match(new RegExp(`^ok: ${builtin.order.length} modules\n`));
      expect(run.status).to.equal(0);
    });

    it('prints "ok: N modules" and the load order, dependencies first, for modules found through MODULE_PATH', () => {
      const run = runAtrium(['modules', 'check'], { MODULE_PATH: good() });
      const order = [...builtin.order, 'zz-test-base', 'zz-test-plugin', 'zz-test-app'];
      expect(run.stdout).to.equal(`ok: ${order.length} modules\nload order: ${order.join(', ')}\n`);
      expect(run.status).to.equal(0);
    });

    it('prints every problem, one per line with module and file, and exits 1', () => {
      const run = runAtrium(['modules', 'check'], { MODULE_PATH: bad() });
      const manifest = (id: string): string => path.join(tmp, 'broken', id, 'manifest.json');
      expect(run.status).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr.split('\n')).to.include.members([
        `zz-test-lonely (${manifest('zz-test-lonely')}): depends on "zz-test-ghost", but no valid module "zz-test-ghost" was found`,
        `zz-test-old (${manifest('zz-test-old')}): depends on zz-test-base@^3, but zz-test-base is version 2.1.0, outside the range ^3`,
        `zz-test-cycle-a (${manifest('zz-test-cycle-a')}): dependency cycle: zz-test-cycle-a -> zz-test-cycle-b -> zz-test-cycle-a`,
      ]);
    });

    it('reports a MODULE_PATH entry that does not exist', () => {
      const absent = path.join(tmp, 'absent');
      const run = runAtrium(['modules', 'check'], { MODULE_PATH: absent });
      expect(run.status).to.equal(1);
      expect(run.stderr).to.contain(`${absent}: no such module folder`);
    });
  });

  describe('modules list', () => {
    it('works on the built-in modules folder alone, printing at least the header', () => {
      const run = runAtrium(['modules', 'list'], { MODULE_PATH: '' });
      expect(run.stdout.split('\n')[0]).to.match(/^ID\s+VERSION\s+DEPENDS ON$/);
      expect(run.status).to.equal(0);
    });

    it('prints id, version and dependsOn of each module in load order', () => {
      const run = runAtrium(['modules', 'list'], { MODULE_PATH: good() });
      const rows = run.stdout
        .trimEnd()
        .split('\n')
        .slice(1 + builtin.order.length)
        .map((line) => line.split(/\s{2,}/));
      expect(rows).to.deep.equal([
        ['zz-test-base', '2.1.0', '-'],
        ['zz-test-plugin', '1.0.0', 'zz-test-base'],
        ['zz-test-app', '1.0.0', 'zz-test-plugin, zz-test-base@^2.0.0'],
      ]);
      expect(run.status).to.equal(0);
    });

    it('lists the modules that resolve, prints the problems and exits 1 when there are problems', () => {
      const run = runAtrium(['modules', 'list'], { MODULE_PATH: bad() });
      expect(run.status).to.equal(1);
      expect(run.stdout).to.contain('zz-test-app');
      expect(run.stdout).to.not.contain('zz-test-old');
      expect(run.stderr).to.match(/^3 problems:\n/);
    });
  });
});
