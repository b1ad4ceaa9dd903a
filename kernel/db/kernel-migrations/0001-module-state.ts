import { Migration } from '../../orm';

/** Whether each module is enabled: the kernel keeps it across restarts and instances. */
export class ModuleState0001 extends Migration {
  override up(): void {
    this.addSql(`create table atrium_module_state (
      id text primary key,
      enabled boolean not null,
      updated_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table atrium_module_state');
  }
}
