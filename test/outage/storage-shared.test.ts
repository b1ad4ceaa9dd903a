import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { download, upload } from '../assets/helpers';
import { TEXT } from '../assets/samples';
import { expectSuccess } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

/**
 * Instances on one PostgreSQL whose local asset stores may or may not share a folder: readiness
 * says `storage` is down on every instance as long as one of them writes elsewhere, and a file
 * another instance wrote elsewhere answers a catalogued 503, never a 500. Needs DATABASE_URL.
 */
describe('local asset storage across instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let sharing: TestServer;
  let apart: TestServer | undefined;
  const apartDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-assets-apart-'));

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    database = await createTestDatabase();
    first = await startTestServer({ database });
    sharing = await startTestServer({ database });
  });

  after(async () => {
    await apart?.stop();
    await sharing?.stop();
    await first?.stop();
    await database?.cleanup();
    fs.rmSync(apartDir, { recursive: true, force: true });
  });

  const ready = (server: TestServer) => server.http().get('/api/v1/system/ready');

  it('is ready on instances that share the folder, and lists storage among the dependencies', async () => {
    for (const server of [first, sharing]) {
      const res = await ready(server);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.dependencies).to.deep.include({ name: 'storage', up: true });
    }
  });

  it('says storage is down on every instance once one uses a folder of its own, and logs it loudly at that start', async () => {
    apart = await startTestServer({ database, config: { dataDir: apartDir }, captureLogs: true });
    for (const server of [apart, first]) {
      const res = await ready(server);
      expect(res.status).to.equal(503);
      expect(res.body.code).to.equal('SYSTEM_UNAVAILABLE_503');
      expect(res.body.details.map((d: { rule: string }) => d.rule)).to.deep.equal(['storage']);
    }
    expect(apart.logs.some((line) => line.level === 50 && String(line.msg).startsWith('LOCAL ASSET STORAGE IS NOT SHARED'))).to.equal(true);
  });

  it('answers 503 SYSTEM_DEPENDENCY_UNAVAILABLE_503, not 500, for a file another instance stored elsewhere', async () => {
    const { id } = expectSuccess(await upload(first, 'elsewhere.txt', TEXT), 201).data as { id: string };
    const res = await download(apart!, `/api/v1/assets/${id}/content`, ADMIN);
    expect(res.status).to.equal(503);
    expect(res.body.code).to.equal('SYSTEM_DEPENDENCY_UNAVAILABLE_503');
  });

  it('is ready again once the instance on its own folder stops', async () => {
    await apart!.stop();
    apart = undefined;
    expect((await ready(first)).status).to.equal(200);
  });
});
