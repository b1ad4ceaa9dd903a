import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { eventually, sql } from './helpers';

/** Records are written off the request path, yet none is lost to a stop or a database hiccup. */
describe('audit records are not lost', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database.cleanup();
  });

  /** Sends `count` audited requests at once; answers their traceIds. */
  async function postMany(target: TestServer, count: number, prefix: string): Promise<string[]> {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        target
          .http()
          .post('/api/v1/roles')
          .set('Authorization', ADMIN)
          .send({ code: `${prefix}_${i}`, name: `${prefix} ${i}`, permissions: [] }),
      ),
    );
    for (const res of responses) expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return responses.map((res) => res.body.traceId as string);
  }

  async function recorded(target: TestServer, traceIds: readonly string[], table = 'audit_operation'): Promise<number> {
    const [{ count }] = await sql<{ count: string }>(target, `select count(*) as count from ${table} where trace_id in (?)`, [traceIds]);
    return Number(count);
  }

  it('writes what is queued when the server stops gracefully: a restart on the same database finds every record', async () => {
    server = await startTestServer({ database });
    const traceIds = await postMany(server, 40, 'before_stop');
    await server.stop();
    server = await startTestServer({ database });
    expect(await recorded(server, traceIds)).to.equal(40);
  });

  it('writes records queued while the database refused them when the server stops', async () => {
    server = await startTestServer({ database });
    await sql(server, 'alter table audit_operation rename to audit_operation_away');
    const traceIds = await postMany(server, 25, 'refused_then_stopped');
    await sql(server, 'alter table audit_operation_away rename to audit_operation');
    await server.stop();
    server = await startTestServer({ database });
    expect(await recorded(server, traceIds)).to.equal(25);
  });

  it('retries after a database hiccup instead of dropping: every record arrives once the table is back, once', async () => {
    server = await startTestServer({ database, captureLogs: true });
    await sql(server, 'alter table audit_operation rename to audit_operation_away');
    const first = await postMany(server, 30, 'during_hiccup');
    await eventually('a failed write to be logged', async () => server!.logs.some((l) => l.msg === 'could not write operation records: keeping them to retry'));
    const second = await postMany(server, 30, 'still_during_hiccup');
    expect(await recorded(server, [...first, ...second], 'audit_operation_away')).to.equal(0);
    await sql(server, 'alter table audit_operation_away rename to audit_operation');
    await eventually('every record after the hiccup', async () => (await recorded(server!, [...first, ...second])) === 60, 15_000);
    const [{ rows, traces }] = await sql<{ rows: string; traces: string }>(
      server,
      'select count(*) as rows, count(distinct trace_id) as traces from audit_operation where trace_id in (?)',
      [[...first, ...second]],
    );
    expect([Number(rows), Number(traces)]).to.deep.equal([60, 60]);
  });
});
