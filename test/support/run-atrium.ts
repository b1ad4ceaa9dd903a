/** Runs the real CLI in a child process, as an operator would, and captures what it prints. */
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../kernel/paths';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runAtrium(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'kernel/cli/atrium.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
