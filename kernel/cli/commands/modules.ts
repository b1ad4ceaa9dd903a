/**
 * `atrium modules check` and `atrium modules list`: resolve the built-in modules folder,
 * MODULE_PATH and the generated modules' folder exactly as a boot would, without starting anything.
 */
import type { CommandIo } from '../../modules/command-io';
import type { CliCommand } from '../command';
import { moduleRoots, moduleRootsConfig } from '../../modules/module-roots';
import { formatProblems, type ModuleProblem } from '../../modules/module-problem';
import { planModules } from '../../modules/plan';
import { prepareModules } from '../../modules/prepare';

export const modulesCheck: CliCommand = {
  words: ['modules', 'check'],
  args: '',
  summary: 'validate, resolve, load and hold every module to its manifest; print the load order or every problem',
  async run(_args, io) {
    // The same steps as a boot, short of the database: the code is loaded and checked too.
    const { loaded, problems } = prepareModules(moduleRootsConfig());
    if (reportProblems(problems, io)) return 1;
    const order = loaded.map((m) => m.manifest.id);
    io.out.write(`ok: ${order.length} modules\n`);
    io.out.write(`load order: ${order.length === 0 ? '(none)' : order.join(', ')}\n`);
    return 0;
  },
};

export const modulesList: CliCommand = {
  words: ['modules', 'list'],
  args: '',
  summary: 'print id, version and dependsOn of every module, in load order',
  async run(_args, io) {
    const plan = planModules(moduleRoots(moduleRootsConfig()));
    const rows = plan.modules.map(({ manifest }) => [manifest.id, manifest.version, (manifest.dependsOn ?? []).join(', ') || '-']);
    io.out.write(table([['ID', 'VERSION', 'DEPENDS ON'], ...rows]));
    // The modules that do resolve are still listed: the table shows what a boot could load.
    return reportProblems(plan.problems, io) ? 1 : 0;
  },
};

/** Writes the problems to stderr; true when there were any. */
function reportProblems(problems: readonly ModuleProblem[], io: CommandIo): boolean {
  if (problems.length === 0) return false;
  const count = problems.length;
  io.err.write(`${count} ${count === 1 ? 'problem' : 'problems'}:\n${formatProblems(problems)}\n`);
  return true;
}

function table(rows: readonly string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
