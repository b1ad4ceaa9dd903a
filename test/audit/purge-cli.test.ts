import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { setParam } from '../support/identity';
import { runAtrium, type CliRun } from '../support/run-atrium';
import { startTestServer, type TestServer } from '../support/server';
import { sql } from './helpers';

/** Records this many days old, in both logs. */
const AGES = [400, 181, 179, 10];

/**
 * `npm run atrium -- audit purge`, a command the audit module declares, run as an operator runs
 * it: in a process of its own, on the database of a stopped server.
 */
describe('atrium audit purge', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await server?.stop();
    await database.cleanup();
  });

  async function seedAges(): Promise<void> {
    server = await startTestServer({ database });
    for (const days of AGES) {
      const at = `now() - interval '${days} days'`;
      await sql(
        server,
        `insert into audit_operation (id, at, trace_id, method, path, status, duration_ms, ip, user_agent, changes)
         values (gen_random_uuid(), ${at}, 'aged-${days}', 'POST', '/x', 201, 1, '10.0.0.1', '', '[]'::jsonb)`,
      );
      await sql(
        server,
        `insert into audit_login (id, at, username, ip, user_agent, success, reason) values (gen_random_uuid(), ${at}, 'aged-${days}', '10.0.0.1', '', false, 'invalid_credentials')`,
      );
    }
  }

  function purge(): CliRun {
    // The server's own settings: its database (DATABASE_URL, or the embedded one in DATA_DIR).
    return runAtrium(['audit', 'purge'], { DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir, MODULE_PATH: '', NODE_ENV: 'test' });
  }

  async function agesLeft(): Promise<{ operations: string[]; logins: string[] }> {
    server = await startTestServer({ database });
    const operations = await sql<{ name: string }>(server, "select trace_id as name from audit_operation where trace_id like 'aged-%' order by at");
    const logins = await sql<{ name: string }>(server, "select username as name from audit_login where username like 'aged-%' order by at");
    return { operations: operations.map((r) => r.name), logins: logins.map((r) => r.name) };
  }

  it('deletes the records older than audit.retention.days (180 by default) and prints how many', async () => {
    await seedAges();
    await server!.stop();
    server = undefined;
    const run = purge();
    expect(run.stderr).to.equal('');
    expect(run.stdout).to.match(/^purged 2 operation records and 2 login records older than 180 days \(before \d{4}-\d{2}-\d{2}T[\d:.]+Z\)\n$/);
    expect(run.status).to.equal(0);
    expect(await agesLeft()).to.deep.equal({ operations: ['aged-179', 'aged-10'], logins: ['aged-179', 'aged-10'] });
  });

  it('follows a changed retention param', async () => {
    await setParam(server!, 'audit.retention.days', '30');
    await server!.stop();
    server = undefined;
    const run = purge();
    expect(run.stdout).to.match(/^purged 1 operation records and 1 login records older than 30 days/);
    expect(run.status).to.equal(0);
    expect(await agesLeft()).to.deep.equal({ operations: ['aged-10'], logins: ['aged-10'] });
  });

  it('is listed by atrium help with the kernel commands', () => {
    const run = runAtrium(['help'], { MODULE_PATH: '' });
    expect(run.status).to.equal(0);
    expect(run.stderr).to.include('atrium migrate');
    expect(run.stderr).to.match(/atrium audit purge\s+delete login and operation records older than the audit\.retention\.days param \(module audit\)/);
  });
});
