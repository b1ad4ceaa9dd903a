import { runAsPlatform, type CacheStats, type InstanceFigures, type ModuleContext } from '@atrium/kernel';

/** An instance that missed this many reports in a row is taken for gone (stopped, killed, cut off). */
const MISSED_REPORTS = 3;

export interface InstanceReport {
  figures: InstanceFigures;
  caches: CacheStats[];
  reportedAt: string;
  /** The instance that answers. */
  self: boolean;
}

interface ReportRow {
  instance_id: string;
  figures: InstanceFigures;
  caches: CacheStats[];
  reported_at: Date;
}

/**
 * Every instance writes its figures and its caches' to `monitor_instance` each interval, so any
 * instance answers for all of them; the one answering shows itself as it is now. A graceful stop
 * removes its row; one killed or cut off is left out once it missed MISSED_REPORTS reports, and
 * its row is deleted by the next instance that reports.
 */
export class InstanceReports {
  private timer?: NodeJS.Timeout;
  private reporting?: Promise<void>;
  /** The row this instance wrote, if any: what a stop removes. */
  private reportedAs?: string;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.reporting;
    if (this.reportedAs === undefined) return;
    await this.execute('delete from monitor_instance where instance_id = ?', [this.reportedAs]).catch((error: unknown) =>
      this.ctx.log.warn({ err: error }, 'could not remove this instance from monitor_instance: it drops out once it misses its reports'),
    );
  }

  /** Every live instance, this one first (as it is now), the others by start. */
  async live(): Promise<InstanceReport[]> {
    const [figures, rows] = await Promise.all([
      this.ctx.kernel.monitor.instance(),
      this.execute<ReportRow>(`select instance_id, figures, caches, reported_at from monitor_instance where reported_at > now() - ${this.staleAfter()}`),
    ]);
    const self: InstanceReport = { figures, caches: this.ctx.kernel.monitor.caches(), reportedAt: new Date().toISOString(), self: true };
    const others = rows
      .filter((row) => row.instance_id !== figures.instanceId)
      .map((row): InstanceReport => ({ figures: row.figures, caches: row.caches, reportedAt: new Date(row.reported_at).toISOString(), self: false }))
      .sort((a, b) => a.figures.startedAt.localeCompare(b.figures.startedAt));
    return [self, ...others];
  }

  /** One report at a time: a slow database does not pile them up. */
  private tick(): void {
    this.reporting ??= this.report()
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not report this instance to monitor_instance'))
      .finally(() => (this.reporting = undefined));
  }

  private async report(): Promise<void> {
    const figures = await this.ctx.kernel.monitor.instance();
    const caches = this.ctx.kernel.monitor.caches();
    await this.execute(
      `insert into monitor_instance (instance_id, figures, caches, reported_at) values (?, ?::jsonb, ?::jsonb, now())
       on conflict (instance_id) do update set figures = excluded.figures, caches = excluded.caches, reported_at = excluded.reported_at`,
      [figures.instanceId, JSON.stringify(figures), JSON.stringify(caches)],
    );
    this.reportedAs = figures.instanceId;
    await this.execute(`delete from monitor_instance where reported_at < now() - ${this.staleAfter()}`);
  }

  /** An SQL interval: a whole number of milliseconds, never a caller's text. */
  private staleAfter(): string {
    return `interval '${MISSED_REPORTS * this.intervalMs} milliseconds'`;
  }

  private execute<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    return runAsPlatform(() => this.ctx.db.em().getConnection().execute<T[]>(sql, params));
  }
}
