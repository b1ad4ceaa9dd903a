import { expect } from 'chai';
import { eventually, expectSuccess as envelope } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { ADMIN, type TestServer } from '../support/server';

/**
 * Two instances on one PostgreSQL and one Redis, sharing DATA_DIR and so the generated-modules
 * folder (as a shared volume would): a module generated through one is served by both.
 */
describe('generator: several instances', () => {
  let instances: Instances | null = null;
  before(async function () {
    instances = await startInstances();
    if (!instances) return this.skip();
    const exec = (text: string) => instances!.first.sql(text);
    await exec('create table peer_notes (id uuid primary key, title varchar(100) not null)');
  });
  after(async () => {
    await instances?.stop();
  });

  const expectSuccess = (res: Parameters<typeof envelope>[0], status = 200) => envelope(res, status).data;
  const as = (server: TestServer) => ({
    get: (url: string) => server.http().get(url).set('Authorization', ADMIN),
    post: (url: string, body?: object) => server.http().post(url).set('Authorization', ADMIN).send(body),
    put: (url: string, body: object) => server.http().put(url).set('Authorization', ADMIN).send(body),
  });

  it('serves a module generated on one instance from the other one too, and follows its regeneration', async () => {
    const { first, second } = instances!;
    const table = expectSuccess(await as(first).post('/api/v1/generator/tables', { tableName: 'peer_notes' }), 201) as { id: string; version: number };
    expect((await as(second).get('/api/v1/peer-notes')).status).to.equal(404);

    expectSuccess(await as(first).post(`/api/v1/generator/tables/${table.id}/generate`));
    await eventually(async () => ((await as(second).get('/api/v1/peer-notes')).status === 200 ? true : undefined), 5000);
    const created = expectSuccess(await as(second).post('/api/v1/peer-notes', { title: 'from the second instance' }), 201) as { id: string };
    expect(((await as(first).get(`/api/v1/peer-notes/${created.id}`)).body.data as { title: string }).title).to.equal('from the second instance');

    // Regenerated with another resource path through the second: the first follows.
    const current = expectSuccess(await as(second).get(`/api/v1/generator/tables/${table.id}`)) as { version: number };
    expectSuccess(await as(second).put(`/api/v1/generator/tables/${table.id}`, { version: current.version, resourcePath: '/peer/notes' }));
    expectSuccess(await as(second).post(`/api/v1/generator/tables/${table.id}/generate`));
    await eventually(async () => ((await as(first).get('/api/v1/peer/notes')).status === 200 ? true : undefined), 5000);
    expect((await as(first).get('/api/v1/peer-notes')).status).to.equal(404);
  });
});
