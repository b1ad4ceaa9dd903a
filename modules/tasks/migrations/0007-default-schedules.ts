import { Migration } from '@atrium/kernel';

/**
 * The default schedules task types come with (`TaskHandler.defaultSchedule`), one row per type
 * once its schedule was made: the claim that makes it once across instances and restarts, and
 * the memory that keeps an operator's delete a delete. The platform's, so not tenant-owned.
 */
export default class TasksDefaultSchedules extends Migration {
  override up(): void {
    this.addSql(`create table task_default_schedules (
      type varchar(100) primary key,
      module_id varchar(100) not null,
      schedule_id uuid,
      created_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table task_default_schedules');
  }
}
