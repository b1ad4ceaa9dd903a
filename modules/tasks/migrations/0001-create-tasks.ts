import { Migration } from '@atrium/kernel';

/**
 * The tasks and their attempts. A task row is the API's record and the truth about its state;
 * pg-boss (its own schema, made by 0003-create-job-queue) only delivers the job `job_id` names.
 */
export default class CreateTasks extends Migration {
  override up(): void {
    this.addSql(`create table tasks (
      id uuid primary key,
      idempotency_key varchar(255) not null,
      fingerprint char(64) not null,
      type varchar(100) not null,
      payload jsonb not null,
      state varchar(16) not null check (state in ('pending', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled')),
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null check (max_attempts between 1 and 20),
      progress_percent integer check (progress_percent between 0 and 100),
      progress_message varchar(500),
      result jsonb,
      error text,
      run_at timestamptz not null,
      schedule_id uuid,
      job_id uuid,
      lease_until timestamptz,
      created_by varchar(128) not null,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz,
      version integer not null default 1,
      updated_at timestamptz not null,
      check ((state = 'running') = (lease_until is not null))
    )`);
    // The idempotency of POST /tasks: the index decides which of two racing submissions inserts.
    this.addSql('create unique index tasks_idempotency_key on tasks (created_by, idempotency_key)');
    // The list's default order, for an administrator and for one user's own tasks.
    this.addSql('create index tasks_created_at_idx on tasks (created_at desc, id desc)');
    this.addSql('create index tasks_created_by_idx on tasks (created_by, created_at desc)');
    this.addSql('create index tasks_state_idx on tasks (state, created_at desc)');
    this.addSql('create index tasks_schedule_idx on tasks (schedule_id, created_at desc) where schedule_id is not null');
    // The reaper's question on every instance: which running tasks lost their lease.
    this.addSql(`create index tasks_lease_idx on tasks (lease_until) where state = 'running'`);

    this.addSql(`create table task_attempts (
      id uuid primary key,
      task_id uuid not null references tasks (id) on delete cascade,
      number integer not null check (number >= 1),
      started_at timestamptz not null,
      finished_at timestamptz,
      outcome varchar(16) check (outcome in ('succeeded', 'failed', 'cancelled', 'lost')),
      error text,
      check ((finished_at is null) = (outcome is null))
    )`);
    this.addSql('create index task_attempts_task_idx on task_attempts (task_id, started_at, id)');
    // At most one attempt of a task runs at a time: the claim that would open a second one fails.
    this.addSql('create unique index task_attempts_open_key on task_attempts (task_id) where finished_at is null');
  }

  override down(): void {
    this.addSql('drop table task_attempts');
    this.addSql('drop table tasks');
  }
}
