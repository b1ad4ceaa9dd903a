import { expect } from 'chai';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startTcpProxyTo, throughProxy, type TcpProxy } from '../support/tcp-proxy';
import { ADMIN_PASSWORD, call, eventually, login } from './redis-instances';

/**
 * Generated modules across server processes sharing one database and one DATA_DIR (so one
 * generated-modules folder, as a shared volume would be): an instance that missed a generation's
 * announcement — its Redis cut, or no Redis to hear it on — loads it from what the database
 * records. Needs PostgreSQL and Redis.
 */
describe('generated modules after a missed announcement', function () {
  let database: TestDatabase;
  const proxies: TcpProxy[] = [];
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;

  before(async function () {
    const redisUrl = process.env.REDIS_URL;
    if (!process.env.DATABASE_URL || !redisUrl) return this.skip();
    database = await createTestDatabase();
    const sql = new Client({ connectionString: database.databaseUrl });
    await sql.connect();
    await sql.query('create table outage_notes (id bigserial primary key, title varchar(100) not null)');
    await sql.query('create table quiet_notes (id uuid primary key, title varchar(100) not null)');
    await sql.end();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      JWT_SECRET: 'a-secret-every-outage-instance-shares-0123',
      ADMIN_PASSWORD,
    };
    // One after the other: the first applies the migrations and seeds the administrator.
    for (let i = 0; i < 2; i += 1) {
      const proxy = await startTcpProxyTo(redisUrl, 6379);
      proxies.push(proxy);
      servers.push(await startServerProcess({ ...env, REDIS_URL: throughProxy(redisUrl, proxy) }));
    }
    [a, b] = servers;
    token = (await login(a)).accessToken;
  });

  after(async () => {
    for (const proxy of proxies) proxy.restore();
    for (const server of servers) await server.stop();
    for (const proxy of proxies) await proxy.close();
    await database?.cleanup();
  });

  const ready = (server: ServerProcess) => call(`${server.url}/api/v1/system/ready`);
  const get = (server: ServerProcess, path: string) => call(`${server.url}${path}`, { token });
  const send = (server: ServerProcess, method: string, path: string, json?: unknown) => call(`${server.url}${path}`, { method, token, json });
  const documented = async (server: ServerProcess) => Object.keys((await get(server, '/v3/api-docs')).body.paths as object);

  async function generate(server: ServerProcess, id: string): Promise<void> {
    const res = await send(server, 'POST', `/api/v1/generator/tables/${id}/generate`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }

  it('loads on the instance whose Redis was cut a module generated, then regenerated, during the cut, once Redis is back', async () => {
    const imported = await send(a, 'POST', '/api/v1/generator/tables', { tableName: 'outage_notes' });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const id = imported.body.data.id as string;

    proxies[1]!.cut();
    await eventually(1000, async () => expect((await ready(b)).status).to.equal(503));
    await generate(a, id);
    expect((await get(a, '/api/v1/outage-notes')).status).to.equal(200);
    proxies[1]!.restore();
    await eventually(10_000, async () => expect((await get(b, '/api/v1/outage-notes')).status).to.equal(200));
    expect(await documented(b)).to.include('/api/v1/outage-notes/{id}');
    const created = await send(b, 'POST', '/api/v1/outage-notes', { title: 'written on the instance that was cut off' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);

    // Regenerated under another resource path while the same instance is cut off: it serves the new code.
    proxies[1]!.cut();
    await eventually(1000, async () => expect((await ready(b)).status).to.equal(503));
    const current = (await get(a, `/api/v1/generator/tables/${id}`)).body.data as { version: number };
    expect((await send(a, 'PUT', `/api/v1/generator/tables/${id}`, { version: current.version, resourcePath: '/outage/notes' })).status).to.equal(200);
    await generate(a, id);
    proxies[1]!.restore();
    await eventually(10_000, async () => expect((await get(b, '/api/v1/outage/notes')).status).to.equal(200));
    expect((await get(b, '/api/v1/outage-notes')).status).to.equal(404);
    const paths = await documented(b);
    expect(paths).to.include('/api/v1/outage/notes/{id}');
    expect(paths).not.to.include('/api/v1/outage-notes/{id}');
  });

  it('loads, with no announcement at all, a module the database says was generated: the periodic check', async function () {
    // No Redis, so no event bus: only the database tells this instance what another generated.
    const lone = await startServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      JWT_SECRET: 'a-secret-every-outage-instance-shares-0123',
      ADMIN_PASSWORD,
      REDIS_URL: '',
      GENERATOR_RESYNC_INTERVAL_MS: '500',
    });
    servers.push(lone);
    const imported = await send(a, 'POST', '/api/v1/generator/tables', { tableName: 'quiet_notes' });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect((await get(lone, '/api/v1/quiet-notes')).status).to.equal(404);
    await generate(a, imported.body.data.id as string);
    await eventually(10_000, async () => expect((await get(lone, '/api/v1/quiet-notes')).status).to.equal(200));
    expect(await documented(lone)).to.include('/api/v1/quiet-notes/{id}');
  });
});
