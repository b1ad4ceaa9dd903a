import { Migration } from '@atrium/kernel';

export default class CreateTaskSchedules extends Migration {
  override up(): void {
    this.addSql(`create table task_schedules (
      id uuid primary key,
      name varchar(100) not null,
      cron varchar(200) not null,
      timezone varchar(64) not null default 'UTC',
      type varchar(100) not null,
      payload jsonb not null,
      enabled boolean not null default true,
      next_fire_at timestamptz,
      last_fired_at timestamptz,
      created_by varchar(128) not null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (enabled = (next_fire_at is not null))
    )`);
    // Backs TASK_SCHEDULE_DUPLICATED_409: "Nightly report" and "nightly report" are one name.
    this.addSql('create unique index task_schedules_name_key on task_schedules (lower(name))');
    // The scheduler's question on every tick, on every instance: which enabled schedules are due.
    this.addSql('create index task_schedules_due_idx on task_schedules (next_fire_at) where enabled');
  }

  override down(): void {
    this.addSql('drop table task_schedules');
  }
}
