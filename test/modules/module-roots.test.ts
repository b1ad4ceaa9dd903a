import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { moduleRoots, moduleRootsConfig } from '../../kernel/modules/module-roots';
import { builtinModulesDir } from '../../kernel/paths';

describe('moduleRoots', () => {
  const builtin = fs.existsSync(builtinModulesDir) ? [builtinModulesDir] : [];
  const roots = (env: NodeJS.ProcessEnv) => moduleRoots(moduleRootsConfig(env));

  it('starts with the built-in modules folder, so MODULE_PATH cannot shadow a built-in module', () => {
    expect(roots({ DATA_DIR: '/nonexistent-atrium-data' })).to.deep.equal(builtin);
  });

  it('adds the colon-separated MODULE_PATH entries in order, as absolute paths', () => {
    expect(roots({ MODULE_PATH: '/opt/atrium/modules:extra', DATA_DIR: '/nonexistent-atrium-data' })).to.deep.equal([
      ...builtin,
      '/opt/atrium/modules',
      path.resolve('extra'),
    ]);
  });

  it('ignores empty MODULE_PATH entries', () => {
    expect(roots({ MODULE_PATH: ':/a::/b:', DATA_DIR: '/nonexistent-atrium-data' })).to.deep.equal([...builtin, '/a', '/b']);
  });

  it('ends with the generated modules folder (DATA_DIR/generated-modules, or GENERATED_MODULES_DIR) once it exists', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-roots-'));
    try {
      expect(roots({ MODULE_PATH: '/a', DATA_DIR: dataDir })).to.deep.equal([...builtin, '/a']);
      fs.mkdirSync(path.join(dataDir, 'generated-modules'));
      expect(roots({ MODULE_PATH: '/a', DATA_DIR: dataDir })).to.deep.equal([...builtin, '/a', path.join(dataDir, 'generated-modules')]);
      expect(roots({ DATA_DIR: dataDir, GENERATED_MODULES_DIR: dataDir })).to.deep.equal([...builtin, dataDir]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
