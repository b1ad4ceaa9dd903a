import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../../kernel/paths';

/** Commands the docs show as what a module author would write, not as commands of this repository. */
const ILLUSTRATIONS = new Set(['notes reindex']);

function docsText(): string {
  const under = (dir: string): string[] =>
    fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      return entry.isDirectory() ? under(relative) : entry.name.endsWith('.md') ? [relative] : [];
    });
  return ['README.md', ...under('docs'), ...under('modules')].map((file) => fs.readFileSync(path.join(repoRoot, file), 'utf8')).join('\n');
}

/** The npm commands the docs tell a reader to run: each script exists, each benchmark and CLI command too. */
describe('docs: the commands they give', () => {
  const text = docsText();
  const runs = [...text.matchAll(/npm run ([a-z][a-z:_-]*)(?: -- ([a-z][a-z-]*(?: [a-z][a-z-]*)?))?/g)].map((m) => ({ script: m[1], args: m[2] }));

  it('names only npm scripts package.json has', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    expect(runs.length).to.be.greaterThan(10);
    expect([...new Set(runs.map((r) => r.script))].filter((script) => !scripts.includes(script))).to.deep.equal([]);
  });

  it('names only benchmarks bench/ has', () => {
    const named = runs.filter((r) => r.script === 'bench' && r.args).map((r) => r.args!);
    expect(named.filter((name) => !fs.existsSync(path.join(repoRoot, 'bench', `${name}.bench.ts`)))).to.deep.equal([]);
  });

  it('names only CLI commands `atrium` knows (its usage, printed by running it)', () => {
    const run = spawnSync(process.execPath, ['-r', '@swc-node/register', 'kernel/cli/atrium.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test' },
    });
    const usage = run.stdout + run.stderr;
    const known = [...usage.matchAll(/^ {2}atrium ([a-z][a-z-]*(?: [a-z][a-z-]*)?)/gm)].map((m) => m[1]);
    expect(known).to.include.members(['manifest validate', 'modules check', 'migrate']);
    const named = [...new Set(runs.filter((r) => r.script === 'atrium' && r.args).map((r) => r.args!))];
    expect(named.filter((command) => !ILLUSTRATIONS.has(command) && !known.includes(command))).to.deep.equal([]);
  });
});
