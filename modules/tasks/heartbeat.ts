import type { EntityManager } from '@atrium/kernel';
import type { Logger } from 'pino';
import { extendLease, type Progress } from './task-sql';
import type { Task } from './task.entity';

const MESSAGE_MAX_LENGTH = 500;

export interface HeartbeatOptions {
  em: () => EntityManager;
  taskId: string;
  jobId: string;
  leaseMs: number;
  log: Logger;
  /** The task is no longer this worker's: cancelled, or reaped after its lease ran out. */
  onLost: () => void;
  /** A beat showed new progress: the task as it is now. */
  onProgress: (task: Task) => Promise<void>;
}

/**
 * Keeps a running task this worker's: every third of the lease it extends `lease_until` (fenced
 * by the job and `running`) and shows the progress reported since. A beat that matches no row
 * means the task was taken away, and the handler is aborted: the fallback that reaches a
 * cancelled handler even when the cancel's event cannot (no Redis between instances). A beat
 * that fails leaves two more before the lease runs out.
 */
export class Heartbeat {
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;
  private unsent?: Progress;
  private latest: Progress | null = null;

  constructor(private readonly options: HeartbeatOptions) {}

  start(): void {
    this.timer = setInterval(
      () => {
        this.beating ??= this.beat().finally(() => (this.beating = undefined));
      },
      Math.max(Math.floor(this.options.leaseMs / 3), 100),
    );
    this.timer.unref();
  }

  /** Stops beating; a beat in flight is waited for, so none outlives the run. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
  }

  /** A progress report of the handler, shown at the next beat. */
  report(percent: number, message?: string): void {
    const clamped = Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
    this.latest = { percent: clamped, message: message === undefined ? null : String(message).slice(0, MESSAGE_MAX_LENGTH) };
    this.unsent = this.latest;
  }

  /** The last progress reported, if any. */
  get progress(): Progress | null {
    return this.latest;
  }

  private async beat(): Promise<void> {
    const { em, taskId, jobId, leaseMs, log, onLost, onProgress } = this.options;
    const progress = this.unsent;
    this.unsent = undefined;
    try {
      const task = await extendLease(em(), taskId, jobId, leaseMs, progress);
      if (!task) onLost();
      else if (progress) await onProgress(task);
    } catch (error) {
      this.unsent ??= progress;
      log.warn({ err: error, taskId }, 'a task heartbeat failed; the lease covers the next ones');
    }
  }
}
