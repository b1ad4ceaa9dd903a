import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { repoRoot } from '../../kernel/paths';

/**
 * The rules that keep Atrium a microkernel, checked on the source itself: a module reaches the
 * kernel only as `@atrium/kernel` and another module only as `@atrium/module/<id>` (its api.ts);
 * the kernel imports no module.
 */
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const modulesDir = path.join(repoRoot, 'modules');
const builtins = fs.readdirSync(modulesDir).filter((name) => fs.existsSync(path.join(modulesDir, name, 'manifest.json')));

describe('module boundaries', () => {
  for (const id of builtins) {
    it(`module ${id} imports the kernel only as @atrium/kernel and other modules only through @atrium/module/<id>`, () => {
      const dir = path.join(modulesDir, id);
      const offences: string[] = [];
      for (const file of sourceFiles(dir)) {
        for (const specifier of importsOf(file)) {
          const leaves = specifier.startsWith('.') && !path.resolve(path.dirname(file), specifier).startsWith(dir + path.sep);
          const ownContract = specifier === `@atrium/module/${id}`;
          if (leaves || ownContract || /(^|\/)kernel\//.test(specifier)) offences.push(`${path.relative(repoRoot, file)}: ${specifier}`);
        }
      }
      expect(offences).to.deep.equal([]);
    });
  }

  it('keeps every module contract (api.ts) free of implementation imports', () => {
    const offences: string[] = [];
    for (const id of builtins) {
      const file = path.join(modulesDir, id, 'api.ts');
      if (!fs.existsSync(file)) continue;
      for (const specifier of importsOf(file)) {
        if (specifier !== '@atrium/kernel' && !specifier.startsWith('@atrium/module/')) offences.push(`${id}/api.ts: ${specifier}`);
      }
    }
    expect(offences).to.deep.equal([]);
  });

  it('keeps the kernel ignorant of every module', () => {
    const offences = sourceFiles(path.join(repoRoot, 'kernel')).flatMap((file) =>
      importsOf(file)
        .filter(
          (specifier) =>
            specifier.startsWith('@atrium/module/') ||
            (specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(modulesDir + path.sep)),
        )
        .map((specifier) => `${path.relative(repoRoot, file)}: ${specifier}`),
    );
    expect(offences).to.deep.equal([]);
  });
});

describe('the TypeScript paths of module contracts', () => {
  it('names every built-in contract explicitly (a wildcard would be rewritten wrongly by swc)', () => {
    // tsconfig.json is JSON with comments: read it as TypeScript does.
    const { config } = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
    const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
    const contracts = builtins.filter((id) => fs.existsSync(path.join(modulesDir, id, 'api.ts')));
    for (const id of contracts) expect(paths[`@atrium/module/${id}`], id).to.deep.equal([`./modules/${id}/api.ts`]);
    expect(paths).not.to.have.property('@atrium/module/*');
  });
});
