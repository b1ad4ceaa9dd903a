import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { discoverModules } from '../../kernel/modules/discover';
import { validateManifests } from '../../kernel/modules/validate-manifests';
import { makeTempDir, manifestOf, writeModule } from './module-folders';

describe('validateManifests', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.realpathSync(makeTempDir('validate-manifests'));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const validate = (...roots: string[]) => validateManifests(discoverModules(roots));

  it('returns each valid module with its folder, file and manifest', () => {
    const dir = writeModule(tmp, 'users', manifestOf('users', { dependsOn: ['auth'] }));
    expect(validate(dir)).to.deep.equal({
      modules: [{ root: dir, dir, file: path.join(dir, 'manifest.json'), manifest: manifestOf('users', { dependsOn: ['auth'] }) }],
      problems: [],
    });
  });

  it('reports a folder whose name is not the manifest id', () => {
    const dir = writeModule(tmp, 'people', manifestOf('users'));
    expect(validate(dir).problems).to.deep.equal([
      { moduleId: 'users', file: path.join(dir, 'manifest.json'), message: 'the folder is named "people" but the manifest id is "users"; they must be equal' },
    ]);
  });

  it('reports an id used twice, naming both folders, and keeps the first', () => {
    const builtin = writeModule(path.join(tmp, 'builtin'), 'users');
    const extra = writeModule(path.join(tmp, 'extra'), 'users');
    const { modules, problems } = validate(path.join(tmp, 'builtin'), path.join(tmp, 'extra'));
    expect(modules.map((m) => m.dir)).to.deep.equal([builtin]);
    expect(problems).to.deep.equal([
      { moduleId: 'users', file: path.join(extra, 'manifest.json'), message: `id "users" is declared by two module folders: ${builtin} and ${extra}` },
    ]);
  });

  it('reports every schema problem of a manifest under its folder name, naming pointer and rule', () => {
    const dir = writeModule(tmp, 'Bad', manifestOf('Bad', { name: '' }));
    const { modules, problems } = validate(dir);
    expect(modules).to.deep.equal([]);
    expect(problems).to.deep.equal([
      { moduleId: 'Bad', file: path.join(dir, 'manifest.json'), message: '/id pattern: must match ^[a-z][a-z0-9-]{0,127}$' },
      { moduleId: 'Bad', file: path.join(dir, 'manifest.json'), message: '/name minLength: must not be empty' },
    ]);
  });

  it('reports a manifest.json that is not JSON', () => {
    const dir = writeModule(tmp, 'broken', '{');
    const [problem] = validate(dir).problems;
    expect(problem.moduleId).to.equal('broken');
    expect(problem.message).to.match(/^json: not valid JSON: /);
  });

  it('reports a manifest.json that cannot be read', () => {
    const dir = path.join(tmp, 'odd');
    fs.mkdirSync(path.join(dir, 'manifest.json'), { recursive: true });
    const [problem] = validate(dir).problems;
    expect(problem).to.include({ moduleId: 'odd', file: path.join(dir, 'manifest.json') });
    expect(problem.message).to.match(/^read: EISDIR/);
  });
});
