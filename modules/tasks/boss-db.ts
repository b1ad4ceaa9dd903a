import type { EntityManager, Knex } from '@atrium/kernel';

/** What pg-boss runs its SQL through (its `db` option): pg's `Pool.query` shape. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss's SQL as knex takes it: `$n` placeholders become `?` with the values in the order
 * they appear (a value used twice is bound twice), a literal `?` is escaped so knex leaves it,
 * and `undefined` (an option pg-boss leaves unset) is bound as null, which knex refuses to guess.
 */
export function knexQuery(text: string, values: readonly unknown[] = []): { sql: string; bindings: Knex.RawBinding[] } {
  const bindings: Knex.RawBinding[] = [];
  const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_match, n: string) => {
    bindings.push(binding(values[Number(n) - 1]));
    return '?';
  });
  return { sql, bindings };
}

/**
 * What pg would send for the value: a plain object as its JSON text (knex refuses an object with
 * an `undefined` property anywhere inside, which JSON simply leaves out), an array element by element.
 */
function binding(value: unknown): Knex.RawBinding {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(binding) as Knex.RawBinding;
  if (typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value as Knex.RawBinding;
}

/**
 * pg-boss wraps its schema changes and its maintenance in `BEGIN; … COMMIT;` inside one query
 * string. Run as it is, a failure in the middle (two instances creating the schema at once)
 * would hand the connection back to the shared pool inside an aborted transaction — and on the
 * embedded database every connection shares one session. The body runs in a knex transaction
 * instead, which rolls back whatever happens.
 */
const WRAPPED = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/** The statements of one of pg-boss's `BEGIN; … COMMIT;` strings, to run in a transaction of ours. */
export function unwrapTransaction(sql: string): string {
  return WRAPPED.exec(sql)?.[1] ?? sql;
}

/**
 * pg-boss on the ORM's own connections: no second pool (the embedded database serves a handful
 * of connections, and pool size 1 for the ORM), and, given the EntityManager of a transaction,
 * pg-boss's statements run inside it — a job is sent or cancelled in the same commit as the
 * task row that names it.
 */
export function bossDbFor(em: EntityManager): BossDb {
  return {
    async executeSql(text, values) {
      const { sql, bindings } = knexQuery(text, values);
      const transaction = em.getTransactionContext<Knex.Transaction>();
      if (transaction) return transaction.raw(sql, bindings);
      const wrapped = WRAPPED.exec(sql);
      if (wrapped) return em.getKnex().transaction((trx) => trx.raw(wrapped[1], bindings));
      return em.getKnex().raw(sql, bindings);
    },
  };
}

/**
 * The adapter pg-boss uses outside transactions, counting the statements in flight: a stop waits
 * for them, so the database never closes under one of pg-boss's queries.
 */
export class TrackedBossDb implements BossDb {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly em: () => EntityManager) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
    const query = bossDbFor(this.em()).executeSql(text, values);
    const settled = query.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return query;
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }
}
