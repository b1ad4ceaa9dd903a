/**
 * `npm run atrium -- <command>`: what operators and module authors do without a server.
 * Each kernel command lives in its own file under `commands/` and returns the process exit code;
 * modules add theirs through `defineModule({ commands })`.
 */
import type { CliCommand } from './command';
import { commands } from './commands';
import { formatProblems } from '../modules/module-problem';
import { moduleCommands } from './module-commands';

const io = { out: process.stdout, err: process.stderr };

async function main(argv: string[]): Promise<number> {
  const [group] = argv;
  const help = group === undefined || group === 'help' || group === '--help';
  // The kernel's own commands work even when some module cannot load (`modules check` says why).
  const own = help ? undefined : find(commands, argv);
  if (own) return own.run(argv.slice(own.words.length), io);
  const modules = moduleCommands();
  const command = help ? undefined : find(modules.commands, argv);
  if (command) return command.run(argv.slice(command.words.length), io);
  process.stderr.write(usage([...commands, ...modules.commands]));
  if (modules.problems.length > 0) {
    process.stderr.write(`module commands are missing: the modules cannot load:\n${formatProblems(modules.problems)}\n`);
  }
  return help ? 0 : 2;
}

/** The command whose words `argv` starts with. */
function find(candidates: readonly CliCommand[], argv: readonly string[]): CliCommand | undefined {
  return candidates.find((c) => c.words.every((word, i) => argv[i] === word));
}

function usage(all: readonly CliCommand[]): string {
  const lines = all.map((c) => `  atrium ${c.words.join(' ')} ${c.args}`.padEnd(44) + c.summary);
  return `usage:\n${lines.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
