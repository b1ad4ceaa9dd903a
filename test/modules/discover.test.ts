import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { discoverModules } from '../../kernel/modules/discover';
import { makeTempDir, writeModule } from './module-folders';

describe('discoverModules', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.realpathSync(makeTempDir('discover'));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const dirs = (roots: string[]): string[] => discoverModules(roots).map((found) => found.dir);

  it('finds the module folders directly under a root, in name order', () => {
    const root = path.join(tmp, 'modules');
    writeModule(root, 'users');
    writeModule(root, 'auth');
    expect(dirs([root])).to.deep.equal([path.join(root, 'auth'), path.join(root, 'users')]);
  });

  it('takes a root that is itself a module folder as that one module', () => {
    const single = writeModule(tmp, 'billing');
    writeModule(single, 'nested');
    expect(dirs([single])).to.deep.equal([single]);
  });

  it('gives the root, the folder and the manifest.json of each module', () => {
    const root = path.join(tmp, 'modules');
    writeModule(root, 'users');
    expect(discoverModules([root])).to.deep.equal([{ root, dir: path.join(root, 'users'), file: path.join(root, 'users', 'manifest.json') }]);
  });

  it('keeps the order of the roots: all of the first root before the second', () => {
    const builtin = path.join(tmp, 'builtin');
    const extra = path.join(tmp, 'extra');
    writeModule(builtin, 'zeta');
    writeModule(extra, 'alpha');
    const single = writeModule(tmp, 'mid');
    expect(dirs([builtin, extra, single])).to.deep.equal([path.join(builtin, 'zeta'), path.join(extra, 'alpha'), single]);
  });

  it('skips dot-folders, folders without a manifest.json and plain files', () => {
    const root = path.join(tmp, 'modules');
    writeModule(root, '.hidden');
    writeModule(root, 'real');
    fs.mkdirSync(path.join(root, 'no-manifest'));
    fs.writeFileSync(path.join(root, 'notes.txt'), 'not a module');
    expect(dirs([root])).to.deep.equal([path.join(root, 'real')]);
  });

  it('looks only one level down', () => {
    const root = path.join(tmp, 'modules');
    writeModule(path.join(root, 'group'), 'deep');
    expect(dirs([root])).to.deep.equal([]);
  });

  it('finds nothing in a root that does not exist', () => {
    expect(dirs([path.join(tmp, 'absent')])).to.deep.equal([]);
  });

  it('finds a module folder that is a symlink', () => {
    const elsewhere = writeModule(tmp, 'linked');
    const root = path.join(tmp, 'modules');
    fs.mkdirSync(root);
    fs.symlinkSync(elsewhere, path.join(root, 'linked'), 'dir');
    expect(dirs([root])).to.deep.equal([path.join(root, 'linked')]);
  });

  it('counts a folder reached through two roots once', () => {
    const root = path.join(tmp, 'modules');
    const users = writeModule(root, 'users');
    expect(dirs([root, users, root])).to.deep.equal([users]);
  });

  it('resolves relative roots against the working folder', () => {
    const root = path.join(tmp, 'modules');
    writeModule(root, 'users');
    expect(dirs([path.relative(process.cwd(), root)])).to.deep.equal([path.join(root, 'users')]);
  });
});
