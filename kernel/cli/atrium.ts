/**
 * `npm run atrium -- <command>`: what operators and module authors do without a server.
 * Each command lives in its own file under `commands/` and returns the process exit code.
 */
import { commands } from './commands';

async function main(argv: string[]): Promise<number> {
  const [group, ...rest] = argv;
  const candidates = commands.filter((c) => c.words[0] === group);
  const command = candidates.find((c) => c.words.every((w, i) => [group, ...rest][i] === w));
  if (!command) {
    process.stderr.write(usage());
    return group === undefined || group === 'help' || group === '--help' ? 0 : 2;
  }
  return command.run(rest.slice(command.words.length - 1), { out: process.stdout, err: process.stderr });
}

function usage(): string {
  const lines = commands.map((c) => `  atrium ${c.words.join(' ')} ${c.args}`.padEnd(44) + c.summary);
  return `usage:\n${lines.join('\n')}\n`;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
