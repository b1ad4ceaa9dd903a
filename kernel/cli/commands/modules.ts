/**
 * `atrium modules check` and `atrium modules list`: resolve the built-in modules folder plus
 * MODULE_PATH exactly as a boot would, without starting anything.
 */
import type { CliCommand, CommandIo } from '../command';
import { moduleRoots } from '../../modules/module-roots';
import { formatProblems } from '../../modules/module-problem';
import { planModules, type ModulePlan } from '../../modules/plan';

export const modulesCheck: CliCommand = {
  words: ['modules', 'check'],
  args: '',
  summary: 'validate and resolve every module; print the load order or every problem',
  async run(_args, io) {
    const plan = planModules(moduleRoots());
    if (reportProblems(plan, io)) return 1;
    io.out.write(`ok: ${plan.order.length} modules\n`);
    io.out.write(`load order: ${plan.order.length === 0 ? '(none)' : plan.order.join(', ')}\n`);
    return 0;
  },
};

export const modulesList: CliCommand = {
  words: ['modules', 'list'],
  args: '',
  summary: 'print id, version and dependsOn of every module, in load order',
  async run(_args, io) {
    const plan = planModules(moduleRoots());
    const rows = plan.modules.map(({ manifest }) => [manifest.id, manifest.version, (manifest.dependsOn ?? []).join(', ') || '-']);
    io.out.write(table([['ID', 'VERSION', 'DEPENDS ON'], ...rows]));
    // The modules that do resolve are still listed: the table shows what a boot could load.
    return reportProblems(plan, io) ? 1 : 0;
  },
};

/** Writes the problems to stderr; true when there were any. */
function reportProblems(plan: ModulePlan, io: CommandIo): boolean {
  if (plan.problems.length === 0) return false;
  const count = plan.problems.length;
  io.err.write(`${count} ${count === 1 ? 'problem' : 'problems'}:\n${formatProblems(plan.problems)}\n`);
  return true;
}

function table(rows: readonly string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n') + '\n';
}
