import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { planModules } from '../../kernel/modules/plan';
import { makeTempDir, manifestOf, writeModule } from './module-folders';

describe('planModules', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.realpathSync(makeTempDir('plan'));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('returns the modules of every root in load order', () => {
    const builtin = path.join(tmp, 'builtin');
    writeModule(builtin, 'users', manifestOf('users', { dependsOn: ['auth@^1.0.0'] }));
    writeModule(builtin, 'auth');
    const extra = writeModule(tmp, 'billing', manifestOf('billing', { dependsOn: ['users'] }));
    const plan = planModules([builtin, extra]);
    expect(plan.problems).to.deep.equal([]);
    expect(plan.order).to.deep.equal(['auth', 'users', 'billing']);
    expect(plan.modules.map((m) => m.dir)).to.deep.equal([path.join(builtin, 'auth'), path.join(builtin, 'users'), extra]);
  });

  it('plans nothing, without problems, for an empty modules folder', () => {
    const empty = path.join(tmp, 'modules');
    fs.mkdirSync(empty);
    expect(planModules([empty])).to.deep.equal({ modules: [], order: [], problems: [] });
  });

  it('reports a module folder that does not exist, as a misspelt MODULE_PATH entry would be', () => {
    const absent = path.join(tmp, 'absent');
    expect(planModules([absent]).problems).to.deep.equal([{ file: absent, message: 'no such module folder' }]);
  });

  it('reports a module folder that is a file', () => {
    const file = path.join(tmp, 'modules.txt');
    fs.writeFileSync(file, '');
    expect(planModules([file]).problems).to.deep.equal([{ file, message: 'is a file, not a module folder' }]);
  });

  it('reports the problems of every stage at once and plans the modules they leave alone', () => {
    const root = path.join(tmp, 'modules');
    writeModule(root, 'fine');
    writeModule(root, 'broken', manifestOf('broken', { version: '' }));
    writeModule(root, 'needs-broken', manifestOf('needs-broken', { dependsOn: ['broken'] }));
    writeModule(root, 'renamed', manifestOf('other'));
    writeModule(root, 'loop-a', manifestOf('loop-a', { dependsOn: ['loop-b'] }));
    writeModule(root, 'loop-b', manifestOf('loop-b', { dependsOn: ['loop-a'] }));
    const plan = planModules([root]);
    expect(plan.problems.map((p) => `${p.moduleId}: ${p.message}`)).to.deep.equal([
      'broken: /version minLength: must not be empty',
      'other: the folder is named "renamed" but the manifest id is "other"; they must be equal',
      'needs-broken: depends on "broken", but no valid module "broken" was found',
      'loop-a: dependency cycle: loop-a -> loop-b -> loop-a',
    ]);
    expect(plan.order).to.deep.equal(['fine', 'other']);
  });
});
