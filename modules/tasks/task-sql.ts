/**
 * Every change of a task's state, each one conditional SQL statement: the row as the database
 * holds it decides, never a copy read earlier. A worker's statements are fenced by the job that
 * claimed the task (`job_id`) and `state = 'running'`: once a task was cancelled, or its lease
 * expired and the reaper gave it to another job, the old worker's writes match nothing.
 */
import { newId, type EntityManager } from '@atrium/kernel';
import type { TaskState } from './api';
import type { AttemptOutcome } from './task-attempt.entity';
import { TaskEntity, type Task } from './task.entity';
import { MAX_RETRY_DELAY_MS } from './tasks-config';

type Row = Record<string, unknown>;

/** Hydrates `returning *` rows as the ORM reads them (dates, JSON). */
function tasks(em: EntityManager, rows: Row[]): Task[] {
  return rows.map((row) => em.map(TaskEntity, row));
}

export interface NewTask {
  id: string;
  idempotencyKey: string;
  fingerprint: string;
  type: string;
  payload: unknown;
  state: TaskState;
  maxAttempts: number;
  runAt: Date;
  scheduleId: string | null;
  jobId: string | null;
  createdBy: string;
}

/**
 * Inserts the task in the current tenant (the statement's: the column's default), unless the
 * creator already used its idempotency key there (then: undefined).
 */
export async function insertTask(em: EntityManager, t: NewTask): Promise<Task | undefined> {
  const rows = await em.execute<Row[]>(
    `insert into tasks (id, idempotency_key, fingerprint, type, payload, state, attempts, max_attempts, run_at, schedule_id, job_id, created_by, created_at, version, updated_at)
     values (?, ?, ?, ?, ?::jsonb, ?, 0, ?, ?, ?, ?, ?, now(), 1, now())
     on conflict (tenant_id, created_by, idempotency_key) do nothing
     returning *`,
    [t.id, t.idempotencyKey, t.fingerprint, t.type, JSON.stringify(t.payload), t.state, t.maxAttempts, t.runAt, t.scheduleId, t.jobId, t.createdBy],
  );
  return tasks(em, rows)[0];
}

export async function taskByKey(em: EntityManager, createdBy: string, idempotencyKey: string): Promise<Task | undefined> {
  const rows = await em.execute<Row[]>('select * from tasks where created_by = ? and idempotency_key = ?', [createdBy, idempotencyKey]);
  return tasks(em, rows)[0];
}

/**
 * The job `jobId` takes its task: running, one more attempt (recorded), leased until now +
 * `leaseMs`. Undefined when the job is stale: the task was cancelled, run again or retried, or
 * is gone with its tenant. Run as the platform, beside pg-boss's tables: the job's tenant fences
 * the task, and the attempt is the task's tenant's, which the platform's default would not be.
 */
export async function claimTask(em: EntityManager, taskId: string, tenantId: string, jobId: string, leaseMs: number): Promise<Task | undefined> {
  const rows = await em.execute<Row[]>(
    `with claimed as (
       update tasks set state = 'running', attempts = attempts + 1, started_at = now(), finished_at = null,
         lease_until = now() + ?::integer * interval '1 millisecond', progress_percent = null, progress_message = null,
         version = version + 1, updated_at = now()
       where id = ? and tenant_id = ? and job_id = ? and state in ('queued', 'scheduled')
       returning *
     ), attempt as (
       insert into task_attempts (id, task_id, tenant_id, number, started_at) select ?, id, tenant_id, attempts, now() from claimed
     )
     select * from claimed`,
    [leaseMs, taskId, tenantId, jobId, newId()],
  );
  return tasks(em, rows)[0];
}

export interface Progress {
  percent: number;
  message: string | null;
}

/**
 * Extends the lease of a task this worker still runs, and shows its progress. Undefined: the task is
 * no longer this worker's (cancelled, or reaped after a lease that ran out) — stop the handler.
 */
export async function extendLease(em: EntityManager, taskId: string, jobId: string, leaseMs: number, progress?: Progress): Promise<Task | undefined> {
  const showProgress = progress ? ', progress_percent = ?, progress_message = ?' : '';
  const rows = await em.execute<Row[]>(
    `update tasks set lease_until = now() + ?::integer * interval '1 millisecond'${showProgress}
     where id = ? and job_id = ? and state = 'running' returning *`,
    [leaseMs, ...(progress ? [progress.percent, progress.message] : []), taskId, jobId],
  );
  return tasks(em, rows)[0];
}

/** Records the handler's result, once: undefined when the task was no longer this worker's. */
export async function succeedTask(em: EntityManager, taskId: string, jobId: string, result: unknown, progress: Progress | null): Promise<Task | undefined> {
  const rows = await em.execute<Row[]>(
    `with done as (
       update tasks set state = 'succeeded', result = ?::jsonb, error = null, lease_until = null, finished_at = now(),
         progress_percent = ?, progress_message = ?, version = version + 1, updated_at = now()
       where id = ? and job_id = ? and state = 'running'
       returning *
     ), closed as (
       update task_attempts set finished_at = now(), outcome = 'succeeded' where task_id in (select id from done) and finished_at is null
     )
     select * from done`,
    [JSON.stringify(result ?? null), progress?.percent ?? null, progress?.message ?? null, taskId, jobId],
  );
  return tasks(em, rows)[0];
}

export interface Settlement {
  outcome: Extract<AttemptOutcome, 'failed' | 'lost'>;
  error: string;
  /** The backoff before the next attempt, doubled for each attempt already made (at most an hour). */
  retryDelayMs: number;
}

/**
 * Ends an attempt that did not succeed: back to `queued` under a new job (`nextJobId`, due after
 * the backoff) while attempts remain, else `failed`. Undefined when the task was no longer the
 * job's. The caller sends the new job, in the same transaction, when the task is queued again.
 */
export async function settleAttempt(em: EntityManager, taskId: string, jobId: string, nextJobId: string, s: Settlement): Promise<Task | undefined> {
  const rows = await em.execute<Row[]>(
    `with settled as (
       update tasks set
         state = case when attempts < max_attempts then 'queued' else 'failed' end,
         error = ?, lease_until = null,
         run_at = case when attempts < max_attempts
           then now() + least(?::bigint * power(2, attempts - 1), ?) * interval '1 millisecond' else run_at end,
         job_id = case when attempts < max_attempts then ?::uuid else job_id end,
         finished_at = case when attempts < max_attempts then null else now() end,
         version = version + 1, updated_at = now()
       where id = ? and job_id = ? and state = 'running'
       returning *
     ), closed as (
       update task_attempts set finished_at = now(), outcome = ?, error = ? where task_id in (select id from settled) and finished_at is null
     )
     select * from settled`,
    [s.error, s.retryDelayMs, MAX_RETRY_DELAY_MS, nextJobId, taskId, jobId, s.outcome, s.error],
  );
  return tasks(em, rows)[0];
}

/**
 * Running tasks whose lease ran out, locked for this transaction (another reaper skips them): in
 * every tenant when run as the platform, as the reaper does.
 */
export async function expiredLeases(em: EntityManager, limit: number): Promise<{ id: string; jobId: string }[]> {
  const rows = await em.execute<{ id: string; job_id: string }[]>(
    `select id, job_id from tasks where state = 'running' and lease_until < now() order by lease_until limit ? for update skip locked`,
    [limit],
  );
  return rows.map((row) => ({ id: row.id, jobId: row.job_id }));
}

/** What an action changes besides the state, and where from. */
export interface Transition {
  from: readonly TaskState[];
  to: TaskState;
  /** SQL assignments (constants only) besides `state`, `version` and `updated_at`. */
  set: string;
  /** The new job the task is queued under, if it is. */
  jobId?: string;
}

export interface TransitionGuard {
  /** Only a task of this creator (a caller who is not a task administrator). */
  createdBy?: string;
  /** Only at this version (the one the caller read). */
  version?: number;
}

/**
 * One action's conditional update. Answers the task and the job it was queued under before
 * (to discard), or undefined when the task is not found, not the caller's, at another version
 * or in a state the action does not apply to.
 */
export async function transitionTask(
  em: EntityManager,
  taskId: string,
  t: Transition,
  guard: TransitionGuard,
): Promise<{ task: Task; previousJobId: string | null } | undefined> {
  const conditions = [`id = ?`, `state in (${t.from.map(() => '?').join(', ')})`];
  const values: unknown[] = [taskId, ...t.from];
  if (guard.createdBy !== undefined) {
    conditions.push('created_by = ?');
    values.push(guard.createdBy);
  }
  if (guard.version !== undefined) {
    conditions.push('version = ?');
    values.push(guard.version);
  }
  const rows = await em.execute<Row[]>(
    `with previous as (select job_id from tasks where id = ?)
     update tasks set state = ?, ${t.set}, job_id = coalesce(?::uuid, job_id), version = version + 1, updated_at = now()
     where ${conditions.join(' and ')}
     returning tasks.*, (select job_id from previous) as previous_job_id`,
    [taskId, t.to, t.jobId ?? null, ...values],
  );
  if (rows.length === 0) return undefined;
  const { previous_job_id: previousJobId, ...row } = rows[0];
  return { task: tasks(em, [row])[0], previousJobId: (previousJobId as string | null) ?? null };
}

/** Ends the attempt that was running, if one was (a cancel). */
export async function closeOpenAttempt(em: EntityManager, taskId: string, outcome: AttemptOutcome): Promise<void> {
  await em.execute('update task_attempts set finished_at = now(), outcome = ? where task_id = ? and finished_at is null', [outcome, taskId]);
}
