/**
 * Atrium's code as it was at an earlier commit, to be measured in the same run as today's: that
 * commit's tree (`git archive`) in a folder of its own, running on this checkout's node_modules
 * (a symlink). What differs between the two is the code: not the machine, how busy it is, nor the
 * dependencies. It needs the repository's history (a shallow clone may lack the commit) and a
 * commit whose runtime dependencies this checkout still has at the same versions.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

type Manifest = { dependencies?: Record<string, string> };

/** Why a reference cannot be written out: the commit is not in this clone. */
export function missingCommit(commit: string): string | undefined {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return undefined;
  } catch {
    return `commit ${commit} is not in this clone (a shallow one?): git fetch --unshallow brings it`;
  }
}

/** Writes `commit`'s tree into `dir` (created) and answers `dir`; see missingCommit() first. */
export function referenceCheckout(commit: string, dir: string): string {
  const missing = missingCommit(commit);
  if (missing) throw new Error(missing);
  fs.mkdirSync(dir, { recursive: true });
  const tree = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tree });
  const drift = dependencyDrift(readManifest(path.join(dir, 'package.json')), readManifest(path.join(ROOT, 'package.json')));
  if (drift.length > 0) throw new Error(`commit ${commit} needs dependencies this checkout does not have: ${drift.join(', ')}`);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The runtime dependencies of `then` that `now` lacks or has at another version, as `name@version`. */
function dependencyDrift(then: Manifest, now: Manifest): string[] {
  return Object.entries(then.dependencies ?? {})
    .filter(([name, version]) => now.dependencies?.[name] !== version)
    .map(([name, version]) => `${name}@${version}`);
}

function readManifest(file: string): Manifest {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}
