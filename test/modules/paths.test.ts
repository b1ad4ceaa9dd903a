import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { builtinModulesDir, manifestSchemaFile, repoRoot } from '../../kernel/paths';

describe('kernel paths', () => {
  it('finds the repository root: the folder of package.json above the kernel', () => {
    expect(path.join(repoRoot, 'kernel', 'paths.ts')).to.satisfy(fs.existsSync);
    expect(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).name).to.equal('atrium');
  });

  it('puts the built-in modules in <root>/modules', () => {
    expect(builtinModulesDir).to.equal(path.join(repoRoot, 'modules'));
  });

  it('points at the published manifest schema', () => {
    expect(manifestSchemaFile).to.satisfy(fs.existsSync);
  });
});
