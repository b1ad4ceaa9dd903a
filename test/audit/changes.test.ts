import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { operationFor, sql } from './helpers';

interface Change {
  resource: string;
  id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Roles and users tell the audit record of each request what it changed (`recordChange`). */
describe('the changes an operation records', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const changesOf = async (traceId: string): Promise<Change[]> => (await operationFor(server, traceId)).changes as Change[];

  it('records a role created, updated and deleted, before and after', async () => {
    const created = await server
      .http()
      .post('/api/v1/roles')
      .set('Authorization', ADMIN)
      .send({ code: 'audited_role', name: 'Audited', permissions: ['system:user:list'] });
    expect(created.status).to.equal(201);
    const role = created.body.data;
    expect(await changesOf(created.body.traceId)).to.deep.equal([{ resource: 'role', id: role.id, action: 'create', before: null, after: role }]);

    const updated = await server
      .http()
      .put(`/api/v1/roles/${role.id}`)
      .set('Authorization', ADMIN)
      .send({ name: 'Renamed', permissions: ['system:user:query'], version: role.version });
    expect(updated.status).to.equal(200);
    const [update] = await changesOf(updated.body.traceId);
    expect(update).to.deep.include({ resource: 'role', id: role.id, action: 'update' });
    expect(update.before).to.deep.equal(role);
    expect(update.after).to.deep.equal(updated.body.data);
    expect(update.after).to.include({ name: 'Renamed' });

    const deleted = await server.http().delete(`/api/v1/roles/${role.id}`).set('Authorization', ADMIN);
    expect(deleted.status).to.equal(200);
    expect(await changesOf(deleted.body.traceId)).to.deep.equal([{ resource: 'role', id: role.id, action: 'delete', before: updated.body.data, after: null }]);
  });

  it('records a user created, updated and deleted without a password or hash anywhere', async () => {
    const password = 'a-password-nobody-may-read-1';
    const created = await server.http().post('/api/v1/users').set('Authorization', ADMIN).send({ username: 'audited.user', password, nickname: 'Before' });
    expect(created.status).to.equal(201);
    const user = created.body.data;
    const [{ hash }] = await sql<{ hash: string }>(server, 'select password_hash as hash from users_user where id = ?', [user.id]);
    expect(await changesOf(created.body.traceId)).to.deep.equal([{ resource: 'user', id: user.id, action: 'create', before: null, after: user }]);

    const updated = await server.http().put(`/api/v1/users/${user.id}`).set('Authorization', ADMIN).send({ nickname: 'After', version: user.version });
    expect(updated.status).to.equal(200);
    const [update] = await changesOf(updated.body.traceId);
    expect(update.before).to.include({ nickname: 'Before' });
    expect(update.after).to.include({ nickname: 'After' });

    const deleted = await server.http().delete(`/api/v1/users/${user.id}`).set('Authorization', ADMIN);
    expect(deleted.status).to.equal(200);
    const [removal] = await changesOf(deleted.body.traceId);
    expect(removal).to.deep.include({ action: 'delete', after: null });
    expect(removal.before).to.include({ id: user.id, nickname: 'After' });

    const rows = await sql<{ text: string }>(server, 'select row_to_json(o)::text as text from audit_operation o');
    const dump = rows.map((r) => r.text).join('\n');
    expect(dump).to.include('audited.user');
    for (const secret of [password, '$argon2id$', hash]) expect(dump).not.to.include(secret);
    expect(dump).not.to.match(/"password(Hash)?"/);
  });

  it('records nothing as changed when the change was refused', async () => {
    const refused = await server.http().put('/api/v1/roles/01900000-0000-7000-8000-000000000000').set('Authorization', ADMIN).send({ name: 'x', version: 1 });
    expect(refused.status).to.equal(404);
    expect(await changesOf(refused.body.traceId)).to.deep.equal([]);
  });
});
