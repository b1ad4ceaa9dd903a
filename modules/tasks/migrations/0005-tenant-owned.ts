import { Migration, tenantOwned } from '@atrium/kernel';

/**
 * Tasks, their attempts and schedules belong to the tenant that submitted or created them: a
 * tenant lists, reads and acts on its own only, and its handlers run in it. Rows already there
 * belong to the default tenant. An idempotency key is per user of a tenant, a schedule name per
 * tenant, and the lists' orders lead with the tenant. The reaper's and the scheduler's indexes
 * stay as they were: they read every tenant's rows, as the platform. pg-boss's tables stay the
 * platform's: a job names its task's tenant in its data.
 */
export default class TasksTenantOwned extends Migration {
  override up(): void {
    for (const table of ['tasks', 'task_attempts', 'task_schedules']) this.addSql(tenantOwned(table));
    this.addSql('drop index tasks_idempotency_key');
    this.addSql('create unique index tasks_idempotency_key on tasks (tenant_id, created_by, idempotency_key)');
    this.addSql('drop index task_schedules_name_key');
    this.addSql('create unique index task_schedules_name_key on task_schedules (tenant_id, lower(name))');
    this.addSql('drop index tasks_created_at_idx');
    this.addSql('create index tasks_created_at_idx on tasks (tenant_id, created_at desc, id desc)');
    this.addSql('drop index tasks_created_by_idx');
    this.addSql('create index tasks_created_by_idx on tasks (tenant_id, created_by, created_at desc)');
    this.addSql('drop index tasks_state_idx');
    this.addSql('create index tasks_state_idx on tasks (tenant_id, state, created_at desc)');
    this.addSql('drop index tasks_schedule_idx');
    this.addSql('create index tasks_schedule_idx on tasks (tenant_id, schedule_id, created_at desc) where schedule_id is not null');
  }
}
