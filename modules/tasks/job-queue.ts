import { DEFAULT_TENANT_ID, inject, injectable, runAsPlatform, type EntityManager, type ModuleContext } from '@atrium/kernel';
import PgBoss from 'pg-boss';
import { TrackedBossDb, bossDbFor } from './boss-db';
import { TasksContext } from './tasks-context';

/** pg-boss's tables, in a schema of their own that the tasks module owns. */
export const JOB_SCHEMA = 'tasks_pgboss';
/**
 * The one queue: every job is `{ taskId, tenantId }`, and the task row says what to run. pg-boss's
 * tables are the platform's, so the job names the tenant its task belongs to and runs in.
 */
export const QUEUE = 'atrium.tasks';
/**
 * pg-boss may not hold a job active for a day or more. A job is completed the moment its task is
 * claimed, so this never applies: leases (task rows) decide how long a task may run.
 */
const EXPIRE_SECONDS = 23 * 60 * 60;
/**
 * A job waiting for its time is dropped by pg-boss's maintenance this long after its start time.
 * The task row is the record; this only keeps a queue that nobody works from growing for ever.
 */
const RETENTION_DAYS = 365;

/** PostgreSQL's code for a transaction it aborted to break a deadlock. */
const DEADLOCK = '40P01';

/**
 * Creates the queue if it is missing. Two instances starting on a fresh database at once can
 * deadlock inside pg-boss's create_queue (each attaching a partition); the one aborted tries
 * again, and its insert then waits for the other's and finds the queue made.
 */
async function createQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: EXPIRE_SECONDS, retentionMinutes: RETENTION_DAYS * 24 * 60 });
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 3) throw error;
    }
  }
}

/** What a job is sent for: a task, in its tenant. */
export interface JobTarget {
  id: string;
  tenantId: string;
}

export interface DeliveredJob {
  id: string;
  taskId: string;
  tenantId: string;
}

interface JobData {
  taskId: string;
  /** Absent from jobs sent before tasks were tenant-owned, whose tasks all became the default tenant's. */
  tenantId?: string;
}

/**
 * pg-boss, which only delivers: a job says "task X is due", and retries, leases and history are
 * the tasks module's own (retryLimit 0, no cron). It runs on the ORM's connections; every call
 * that changes a job takes the EntityManager of the transaction that changes its task.
 */
@injectable()
export class JobQueue {
  private boss?: PgBoss;
  private db?: TrackedBossDb;

  constructor(@inject(TasksContext) private readonly ctx: ModuleContext) {}

  /** Starts pg-boss (which migrates its schema after an upgrade; a migration made it) and the queue. */
  async start(): Promise<void> {
    // A fresh EntityManager per statement: never the one of a request that happened to start us.
    const db = new TrackedBossDb(() => this.ctx.db.em().fork());
    // As the platform: pg-boss migrates its schema and makes the queue's partition, which only
    // the owner may; its statements touch only its own tables, in no tenant.
    this.boss = await runAsPlatform(() => this.startBoss(db));
    this.db = db;
  }

  private async startBoss(db: TrackedBossDb): Promise<PgBoss> {
    let boss = this.newBoss(db);
    try {
      await boss.start();
    } catch (error) {
      // Two instances creating pg-boss's schema at once: PostgreSQL can let both past `if not
      // exists` (the advisory lock pg-boss takes first does not refresh what the session has
      // cached of the catalog), and the second fails on the schema's unique name. A new start
      // is a new transaction that sees the schema. A failed PgBoss does not start again.
      if ((error as { code?: unknown }).code !== '23505') throw error;
      boss = this.newBoss(db);
      await boss.start();
    }
    await createQueue(boss);
    return boss;
  }

  private newBoss(db: TrackedBossDb): PgBoss {
    const boss = new PgBoss({
      db,
      schema: JOB_SCHEMA,
      schedule: false,
      supervise: true,
      migrate: true,
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 1,
    });
    boss.on('error', (error: unknown) => this.ctx.log.error({ err: error }, 'pg-boss failed'));
    return boss;
  }

  /** Stops pg-boss's maintenance and waits for its statements in flight; the ORM stays open. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    if (!boss) return;
    await boss.stop({ graceful: false, close: false });
    await this.db?.drain();
  }

  /** Enqueues the job `jobId` for `task` in `em`'s transaction, due at once or at `startAfter`. */
  async send(em: EntityManager, jobId: string, task: JobTarget, startAfter?: Date): Promise<void> {
    const data: JobData = { taskId: task.id, tenantId: task.tenantId };
    await this.running().send(QUEUE, data, {
      id: jobId,
      retryLimit: 0,
      expireInSeconds: EXPIRE_SECONDS,
      retentionDays: RETENTION_DAYS,
      ...(startAfter ? { startAfter } : {}),
      db: bossDbFor(em),
    });
  }

  /** Discards a job that has not been delivered yet (a delivered one is already completed). */
  async cancel(em: EntityManager, jobId: string): Promise<void> {
    await this.running().cancel(QUEUE, jobId, { db: bossDbFor(em) });
  }

  /**
   * Takes up to `count` due jobs in `em`'s transaction (FOR UPDATE SKIP LOCKED: two instances
   * never get the same job) and completes them there too: the caller claims their tasks in the
   * same commit, so a job is never delivered without its task being claimed, or the reverse.
   */
  async take(em: EntityManager, count: number): Promise<DeliveredJob[]> {
    const boss = this.running();
    const db = bossDbFor(em);
    const jobs = await boss.fetch<JobData>(QUEUE, { batchSize: count, db });
    if (jobs.length === 0) return [];
    // Typed without the data argument the implementation takes third.
    const complete = boss.complete.bind(boss) as unknown as (name: string, ids: string[], data: null, options: PgBoss.ConnectionOptions) => Promise<unknown>;
    await complete(
      QUEUE,
      jobs.map((job) => job.id),
      null,
      { db },
    );
    return jobs.map((job) => ({ id: job.id, taskId: job.data.taskId, tenantId: job.data.tenantId ?? DEFAULT_TENANT_ID }));
  }

  private running(): PgBoss {
    if (!this.boss) throw new Error('the task queue is not running: the tasks module is stopped');
    return this.boss;
  }
}
