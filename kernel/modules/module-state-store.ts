import type { Database } from '../db/database';

/** Modules' enabled/disabled state, kept in `atrium_module_state` (a module never seen is enabled). */
export class ModuleStateStore {
  constructor(private readonly db: Database) {}

  async read(): Promise<Map<string, boolean>> {
    const rows = await this.db.orm.em.fork().getConnection().execute<{ id: string; enabled: boolean }[]>('select id, enabled from atrium_module_state');
    return new Map(rows.map((r) => [r.id, r.enabled]));
  }

  async write(id: string, enabled: boolean): Promise<void> {
    await this.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into atrium_module_state (id, enabled, updated_at) values (?, ?, now())
       on conflict (id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
        [id, enabled],
      );
  }
}
