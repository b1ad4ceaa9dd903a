import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Exports made by a task (exports/): what the export route saw — the route, its filters, the
 * caller's language, and the caller with their permissions and data scope — kept here rather than
 * in the task's payload, which a client could write itself with POST /tasks. The row goes when
 * the file is made; one whose task never succeeds is removed by assets.cleanup after a week.
 */
export default class AssetsExportJobs extends Migration {
  override up(): void {
    this.addSql(`create table assets_export (
      id uuid primary key,
      created_by varchar(128) not null,
      job jsonb not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(tenantOwned('assets_export'));
    this.addSql('create index assets_export_created_at_idx on assets_export (created_at)');
  }

  override down(): void {
    this.addSql('drop table assets_export');
  }
}
