/** What the audit tests share: raw rows of the audit tables, and waiting for the flusher. */
import type { TestServer } from '../support/server';

/** Rows of a raw SQL query on the server's database, as the database returns them. */
export async function sql<T = Record<string, unknown>>(server: TestServer, query: string, params: unknown[] = []): Promise<T[]> {
  return (await server.sql(query, params)) as T[];
}

/**
 * Polls `probe` until it answers something truthy: records reach the database a flush (about
 * 200 ms) after their request. Fails with `what` after `timeoutMs`.
 */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The operation row recorded for a response's traceId, once it has been written. */
export function operationFor(server: TestServer, traceId: string): Promise<Record<string, unknown>> {
  return eventually(
    `the operation record of trace ${traceId}`,
    async () => (await sql(server, 'select * from audit_operation where trace_id = ?', [traceId]))[0],
  );
}
