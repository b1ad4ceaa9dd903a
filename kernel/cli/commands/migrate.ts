/**
 * `atrium migrate`: applies the pending migrations of the kernel and of every module, as a boot
 * would, without serving (for a release step that migrates before rolling out instances).
 */
import { readConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { kernelMigrations } from '../../db/kernel-migrations';
import { runMigrations } from '../../db/migrations';
import { formatProblems } from '../../modules/module-problem';
import { prepareModules } from '../../modules/prepare';
import type { CliCommand } from '../command';

export const migrate: CliCommand = {
  words: ['migrate'],
  args: '',
  summary: 'apply pending migrations (DATABASE_URL, or the embedded database in DATA_DIR)',
  async run(_args, io) {
    const config = readConfig();
    const { loaded, problems } = prepareModules(config);
    if (problems.length > 0) {
      io.err.write(`the modules cannot start:\n${formatProblems(problems)}\n`);
      return 1;
    }
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      const { applied } = await runMigrations(db, [...kernelMigrations, ...loaded.flatMap((m) => m.migrations)]);
      io.out.write(applied.length === 0 ? 'nothing to apply\n' : `applied:\n${applied.map((n) => `  ${n}`).join('\n')}\n`);
      return 0;
    } catch (error) {
      io.err.write(`${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await db.close();
    }
  },
};
