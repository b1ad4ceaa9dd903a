import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { newId } from '../../kernel/db/ids';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { eventually, sql } from './helpers';

/** An operation record as the outbox keeps it: one JSON object per line, with its row id. */
function record(traceId: string): Record<string, unknown> {
  return {
    id: newId(),
    traceId,
    at: new Date().toISOString(),
    method: 'POST',
    path: '/api/v1/roles',
    status: 201,
    durationMs: 3.5,
    moduleId: 'roles',
    permission: 'system:role:create',
    userId: '1',
    username: 'admin',
    ip: '127.0.0.1',
    userAgent: 'replay-test',
    body: { code: traceId },
    changes: [],
  };
}

function startChild(script: string): ChildProcess {
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

/**
 * What a process leaves in DATA_DIR/modules/audit/outbox when it dies: segment files named
 * `<host>~<pid>~<id>.jsonl`. The next start on that DATA_DIR writes their records to the database.
 */
describe('the audit outbox after a crash', function () {
  // Two or three boots per test: slow on a busy machine.
  this.timeout(180_000);
  let database: TestDatabase;
  let server: TestServer | undefined;
  let alive: ChildProcess | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    alive?.kill('SIGKILL');
    await server?.stop();
    server = undefined;
    await database.cleanup();
  });

  const outboxDir = () => path.join(database.dataDir, 'modules', 'audit', 'outbox');

  function writeSegment(pid: number, lines: string[]): string {
    fs.mkdirSync(outboxDir(), { recursive: true });
    const file = path.join(outboxDir(), `${os.hostname()}~${pid}~${newId()}.jsonl`);
    fs.writeFileSync(file, lines.join('\n'));
    return file;
  }

  async function countsOf(target: TestServer, traceIds: string[]): Promise<Record<string, number>> {
    const rows = await sql<{ trace_id: string; n: string }>(
      target,
      'select trace_id, count(*) as n from audit_operation where trace_id in (?) group by trace_id',
      [traceIds],
    );
    return Object.fromEntries(rows.map((row) => [row.trace_id, Number(row.n)]));
  }

  it("replays a dead process's segment once: a record already written is not inserted twice, a line cut short is skipped, the segment is deleted", async () => {
    // A batch written just before the crash, whose segment had not been deleted yet.
    server = await startTestServer({ database });
    const written = record('replay-already-written');
    await sql(
      server,
      'insert into audit_operation (id, at, trace_id, method, path, status, duration_ms, ip, user_agent, changes) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [written.id, written.at, written.traceId, written.method, written.path, written.status, written.durationMs, written.ip, written.userAgent, '[]'],
    );
    await server.stop();
    server = undefined;

    const dead = startChild('');
    await new Promise((resolve) => dead.once('exit', resolve));
    const unwritten = record('replay-unwritten');
    const torn = JSON.stringify(record('replay-torn')).slice(0, 40);
    const segment = writeSegment(dead.pid!, [JSON.stringify(written), JSON.stringify(unwritten), torn]);

    server = await startTestServer({ database });
    await eventually('the segment to be written and deleted', async () => !fs.existsSync(segment));
    expect(await countsOf(server, ['replay-already-written', 'replay-unwritten', 'replay-torn'])).to.deep.equal({
      'replay-already-written': 1,
      'replay-unwritten': 1,
    });
  });

  it('leaves alone the segment of a live process that shares DATA_DIR, and deletes its own once written', async () => {
    alive = startChild('setTimeout(() => {}, 60000)');
    const segment = writeSegment(alive.pid!, [JSON.stringify(record('replay-live'))]);
    server = await startTestServer({ database });
    const created = await server
      .http()
      .post('/api/v1/roles')
      .set('Authorization', ADMIN)
      .send({ code: 'through_outbox', name: 'Through the outbox', permissions: [] });
    expect(created.status).to.equal(201);
    expect(fs.readdirSync(outboxDir())).to.have.length(2);
    await server.stop();
    server = undefined;
    expect(fs.readdirSync(outboxDir())).to.deep.equal([path.basename(segment)]);
    server = await startTestServer({ database });
    expect(await countsOf(server, ['replay-live', created.body.traceId as string])).to.deep.equal({ [created.body.traceId as string]: 1 });
  });
});
