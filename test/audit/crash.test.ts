import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const CONCURRENCY = 16;
/** Answered creates to see before the kill: enough that records are queued, in flight and fsynced. */
const ANSWERED_BEFORE_KILL = 150;

/**
 * `kill -9` of a server process under concurrent write load: no shutdown of any kind runs. A
 * restart on the same database and DATA_DIR must end with exactly one record of every operation
 * that answered 2xx before the kill.
 */
describe('audit records survive a crash', function () {
  // Two boots, the second recovering the embedded database after the kill: slow on a busy machine.
  this.timeout(180_000);
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  before(async () => {
    database = await createTestDatabase();
  });

  after(async () => {
    await server?.stop();
    await database.cleanup();
  });

  const env = () => ({ NODE_ENV: 'test', DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir });

  async function login(target: ServerProcess): Promise<string> {
    const res = await fetch(`${target.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-local-only' }),
    });
    return `Bearer ${((await res.json()) as { data: { accessToken: string } }).data.accessToken}`;
  }

  /** Creates roles from CONCURRENCY loops until the process dies; answers the traceIds of the 2xx. */
  async function loadUntilKilled(target: ServerProcess, token: string): Promise<string[]> {
    const succeeded: string[] = [];
    let next = 0;
    let killing: Promise<unknown> | undefined;
    const loop = async () => {
      while (!killing) {
        const n = next++;
        try {
          const res = await fetch(`${target.url}/api/v1/roles`, {
            method: 'POST',
            headers: { Authorization: token, 'Content-Type': 'application/json' },
            body: JSON.stringify({ code: `crash_${n}`, name: `Crash ${n}`, permissions: [] }),
          });
          const body = (await res.json()) as { traceId: string };
          if (res.status >= 200 && res.status < 300) succeeded.push(body.traceId);
        } catch {
          return; // the connection died with the process: this request's outcome is unknown
        }
        if (succeeded.length >= ANSWERED_BEFORE_KILL) killing ??= target.kill();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, loop));
    await killing;
    return succeeded;
  }

  it('keeps exactly one record of every operation answered 2xx before kill -9', async () => {
    const first = await startServerProcess(env());
    const succeeded = await loadUntilKilled(first, await login(first));
    expect(succeeded.length).to.be.at.least(ANSWERED_BEFORE_KILL);

    server = await startServerProcess(env());
    const token = await login(server);
    const deadline = Date.now() + 20_000;
    let recorded = new Map<string, number>();
    for (;;) {
      recorded = await roleCreateRecords(server, token);
      if (succeeded.every((traceId) => recorded.has(traceId)) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const missing = succeeded.filter((traceId) => !recorded.has(traceId));
    expect(missing, `${missing.length} of ${succeeded.length} answered operations have no record`).to.deep.equal([]);
    const twice = [...recorded].filter(([, count]) => count > 1);
    expect(twice, 'records kept twice').to.deep.equal([]);
  });
});

/** How many records each traceId of a role create has, read through the audit API. */
async function roleCreateRecords(server: ServerProcess, token: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.url}/api/v1/audit/operations?moduleId=roles&method=POST&pageSize=200&page=${page}`, {
      headers: { Authorization: token },
    });
    const { data } = (await res.json()) as { data: { items: Array<{ traceId: string }>; total: number } };
    for (const { traceId } of data.items) counts.set(traceId, (counts.get(traceId) ?? 0) + 1);
    if (page * 200 >= data.total) return counts;
  }
}
