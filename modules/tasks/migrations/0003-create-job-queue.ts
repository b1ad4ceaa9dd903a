import PgBoss from 'pg-boss';
import { Migration } from '@atrium/kernel';
import { unwrapTransaction } from '../boss-db';
import { JOB_SCHEMA } from '../job-queue';

/**
 * pg-boss's schema, made by a migration like every other table: all or nothing with the rest of
 * the boot's migrations, and applied by `atrium migrate` before instances roll out. pg-boss's
 * start() finds it current; a later pg-boss version migrates it at start.
 */
export default class CreateJobQueue extends Migration {
  override up(): void {
    this.addSql(unwrapTransaction(PgBoss.getConstructionPlans(JOB_SCHEMA)));
  }
}
