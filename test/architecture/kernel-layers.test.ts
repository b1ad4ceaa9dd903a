import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ICruiseResult } from 'dependency-cruiser';
import { repoRoot } from '../../kernel/paths';

/**
 * The kernel's layers (docs/architecture.md, "The kernel's layers"): `npm run lint` checks them
 * with dependency-cruiser and .dependency-cruiser.cjs. These tests hold the check itself to what
 * the docs promise: an upward import is caught even when it imports only a type, a kernel file
 * outside every layer is caught, and the kernel has no upward import.
 */

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

const depcruise = path.join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** The kernel under `dir` cruised as `npm run lint` does: the command line, with the repository's configuration. */
function cruiseKernel(dir: string): string[] {
  const args = [depcruise, 'kernel', '--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  const run = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.stdout === '') throw new Error(`depcruise wrote nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as ICruiseResult).summary.violations.map(asText).sort();
}

function asText(violation: Violation): string {
  return `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
}

/** A kernel of a few files, in a folder of its own, with the given sources by path. */
function fixtureKernel(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-layers-'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe('kernel layers', () => {
  it('refuses an import from a lower layer up, a type-only one too, and a kernel file that no layer names', () => {
    const dir = fixtureKernel({
      // The configuration reads the repository's tsconfig.json; the fixture needs no path alias.
      'tsconfig.json': '{}\n',
      'kernel/http/route.ts': 'export interface Route {\n  path: string;\n}\n',
      'kernel/errors/names-a-route.ts': "import type { Route } from '../http/route';\nexport type Named = Route['path'];\n",
      'kernel/http/uses-an-error.ts': "import type { Named } from '../errors/names-a-route';\nexport const named: Named = '/';\n",
      'kernel/unplaced.ts': "import { named } from './http/uses-an-error';\nexport const again = named;\n",
      'kernel/modules/uses-unplaced.ts': "import { again } from '../unplaced';\nexport const used = again;\n",
    });
    try {
      expect(cruiseKernel(dir)).to.deep.equal([
        'every-kernel-file-in-a-layer-importing: kernel/unplaced.ts -> kernel/http/uses-an-error.ts',
        'every-kernel-file-in-a-layer: kernel/modules/uses-unplaced.ts -> kernel/unplaced.ts',
        'no-upward-import-from-foundation: kernel/errors/names-a-route.ts -> kernel/http/route.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds no upward import in the kernel', () => {
    expect(cruiseKernel(repoRoot)).to.deep.equal([]);
  });
});
