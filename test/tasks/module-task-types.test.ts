import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { upload, objectsDir } from '../assets/helpers';
import { TEXT } from '../assets/samples';
import { sql } from '../audit/helpers';
import { expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { readTask, submitted, waitForState } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The task types other modules contribute, run end to end through POST /tasks. */
describe('task types contributed by modules', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  it('lists the built-in types with their payload schemas', async () => {
    const types = (
      expectSuccess(await server.http().get('/api/v1/tasks/types').set('Authorization', ADMIN)).data as { items: { type: string; payloadSchema: unknown }[] }
    ).items;
    expect(types.map((t) => t.type)).to.include.members(['system.echo', 'system.sleep', 'audit.purge', 'assets.cleanup']);
    const cleanup = types.find((t) => t.type === 'assets.cleanup')!;
    expect(cleanup.payloadSchema).to.have.nested.property('properties.olderThanMinutes.default', 60);
  });

  it('audit.purge deletes the audit records older than the retention param', async () => {
    for (const days of [400, 10]) {
      const at = `now() - interval '${days} days'`;
      await sql(
        server,
        `insert into audit_login (id, at, username, ip, user_agent, success, reason) values (gen_random_uuid(), ${at}, 'aged-${days}', '10.0.0.1', '', false, 'invalid_credentials')`,
      );
    }
    const task = await submitted(server, { type: 'audit.purge', payload: {} }, ADMIN);
    const done = await waitForState(server, task.id, 'succeeded');
    expect(done.result).to.include({ days: 180, logins: 1 });
    const left = await sql<{ username: string }>(server, "select username from audit_login where username like 'aged-%'");
    expect(left.map((r) => r.username)).to.deep.equal(['aged-10']);
  });

  it('refuses a payload audit.purge does not take, storing nothing', async () => {
    const response = await server
      .http()
      .post('/api/v1/tasks')
      .set('Authorization', ADMIN)
      .send({ idempotencyKey: 'purge-bad', type: 'audit.purge', payload: { days: 1 } });
    expect(response.status).to.equal(400);
    expect(response.body.code).to.equal('VALIDATION_FAILED_400');
    expect(response.body.details[0].field).to.equal('/body/payload/days');
    expect(await sql(server, "select id from tasks where idempotency_key = 'purge-bad'")).to.have.length(0);
  });

  it('assets.cleanup removes stored bytes no asset holds, past the grace period, and keeps the rest', async () => {
    const kept = expectSuccess(await upload(server, 'kept.txt', TEXT), 201).data as { id: string };
    // Bytes a crashed upload left: a stored object under a key (one made before tenants had folders) that no row names.
    const key = randomUUID();
    const dir = path.join(objectsDir(server), key.slice(-2));
    fs.mkdirSync(dir, { recursive: true });
    const orphan = path.join(dir, key);
    fs.writeFileSync(orphan, 'left behind');
    const then = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(orphan, then, then);

    const task = await submitted(server, { type: 'assets.cleanup', payload: { olderThanMinutes: 60 } }, ADMIN);
    const done = await waitForState(server, task.id, 'succeeded');
    expect(done.result).to.include({ deleted: 1 });
    expect(fs.existsSync(orphan)).to.equal(false);
    const content = await server.http().get(`/api/v1/assets/${kept.id}/content`).set('Authorization', ADMIN);
    expect(content.status).to.equal(200);
    expect((await readTask(server, task.id)).attempts).to.equal(1);
  });
});
