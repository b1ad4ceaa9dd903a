import fs from 'node:fs';
import path from 'node:path';
import { newId, type ModuleContext } from '@atrium/kernel';

/** An instance not seen for this long has stopped (or crashed): it no longer counts. */
const LIVE_FOR_SECONDS = 90;
const HEARTBEAT_MS = 30_000;

/**
 * Whether the local store's folder is shared by every instance on the database. Each instance
 * leaves a marker file named by its id in `markers` (beside the objects, never among them: the
 * cleanup would take it for an orphan) and records the id, with a
 * heartbeat, in `assets_storage_instance`. An instance that finds a live instance in the database
 * whose marker is not in its own folder knows the folder is not shared: the other instance's
 * uploads are not here. Then readiness says so (`storage` down) and the start logs it loudly.
 */
export class SharedDirectory {
  private readonly id = newId();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly markers: string,
    private readonly ctx: ModuleContext,
  ) {}

  async start(): Promise<void> {
    await fs.promises.mkdir(this.markers, { recursive: true });
    await fs.promises.writeFile(path.join(this.markers, this.id), '');
    await this.beat();
    this.heartbeat = setInterval(() => {
      this.beat().catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not record the asset storage heartbeat'));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    const problem = await this.problem();
    if (problem) this.ctx.log.error({ dependency: 'storage' }, `LOCAL ASSET STORAGE IS NOT SHARED: ${problem}`);
  }

  /** Null when every live instance's marker is in this folder; otherwise what is wrong. */
  async problem(): Promise<string | null> {
    const rows = await this.ctx.db
      .em()
      .getConnection()
      .execute<{ id: string }[]>(`select id from assets_storage_instance where id <> ? and seen_at > now() - make_interval(secs => ?)`, [
        this.id,
        LIVE_FOR_SECONDS,
      ]);
    const missing = rows.filter((row) => !fs.existsSync(path.join(this.markers, row.id))).length;
    if (missing === 0) return null;
    return `${missing} other instance(s) use another assets folder: their uploads are not served here; share DATA_DIR/modules/assets or set ASSET_STORAGE=s3`;
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.ctx.db.em().getConnection().execute('delete from assets_storage_instance where id = ?', [this.id]);
    await fs.promises.rm(path.join(this.markers, this.id), { force: true });
  }

  private async beat(): Promise<void> {
    await this.ctx.db
      .em()
      .getConnection()
      .execute(`insert into assets_storage_instance (id, seen_at) values (?, now()) on conflict (id) do update set seen_at = excluded.seen_at`, [this.id]);
  }
}
