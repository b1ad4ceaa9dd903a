import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../../kernel/paths';

/**
 * ESLint (eslint.config.mjs) lets a module import another module only as `@atrium/module/<id>`,
 * its contract; which ids it may name is in its manifest, which a lint pattern cannot read: only
 * the modules of its `dependsOn`, the ones whose services `ctx.use` grants it.
 */
const CONTRACT_IMPORT = /from\s+['"]@atrium\/module\/([^'"/]+)['"]/g;

/** The module folders lint holds to the same rules: the built-ins, and test, benchmark and example modules. */
const MODULE_PARENTS = [
  'modules',
  'test/fixtures/modules',
  'bench/fixtures/modules',
  'bench/fixtures',
  'docs/examples',
  'test/audit/fixtures',
  'test/dictionaries/fixtures',
  'test/params/fixtures',
];

function moduleFolders(): string[] {
  return MODULE_PARENTS.flatMap((parent) => {
    const dir = path.join(repoRoot, parent);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'manifest.json')))
      .map((entry) => path.join(dir, entry.name));
  });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('module contracts imported', () => {
  for (const dir of moduleFolders()) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { id: string; dependsOn?: string[] };
    it(`${path.relative(repoRoot, dir)} imports @atrium/module/<id> only of the modules in its dependsOn`, () => {
      const granted = new Set((manifest.dependsOn ?? []).map((entry) => entry.split('@')[0]));
      const offences = sourceFiles(dir).flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(CONTRACT_IMPORT)]
          .map((match) => match[1])
          .filter((id) => !granted.has(id))
          .map((id) => `${path.relative(repoRoot, file)}: @atrium/module/${id}`),
      );
      expect(offences).to.deep.equal([]);
    });
  }
});
