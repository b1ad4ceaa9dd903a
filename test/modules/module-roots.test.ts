import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { moduleRoots } from '../../kernel/modules/module-roots';
import { builtinModulesDir } from '../../kernel/paths';

describe('moduleRoots', () => {
  const builtin = fs.existsSync(builtinModulesDir) ? [builtinModulesDir] : [];

  it('starts with the built-in modules folder, so MODULE_PATH cannot shadow a built-in module', () => {
    expect(moduleRoots({})).to.deep.equal(builtin);
  });

  it('adds the colon-separated MODULE_PATH entries in order, as absolute paths', () => {
    expect(moduleRoots({ MODULE_PATH: '/opt/atrium/modules:extra' })).to.deep.equal([...builtin, '/opt/atrium/modules', path.resolve('extra')]);
  });

  it('ignores empty MODULE_PATH entries', () => {
    expect(moduleRoots({ MODULE_PATH: ':/a::/b:' })).to.deep.equal([...builtin, '/a', '/b']);
  });
});
