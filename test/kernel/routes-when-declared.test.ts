import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry, permission } from './support/module-folder';

/** A module with a route served only when its permission is declared, and one that is always served. */
const routes = (moduleId: string) =>
  entry(
    `  routes: [
    defineRoute({ method: 'GET', path: '/${moduleId}/sheet', permission: '${moduleId}:note:export', whenDeclared: true, summary: 'export', handler: () => ({ exported: true }) }),
    defineRoute({ method: 'GET', path: '/${moduleId}/notes', permission: '${moduleId}:note:list', summary: 'list', handler: () => ({ listed: true }) }),
  ],`,
    ['defineRoute'],
  );

/**
 * Routes a kit adds to every module (a list's export, `whenDeclared`) are served only when the
 * module's manifest declares their permission: a module written before them still boots, without
 * them, and one that declares the code gets them.
 */
describe('routes served only when their permission is declared', () => {
  let folders: ModuleFolders;
  let database: TestDatabase;
  let server: TestServer;

  before(async () => {
    folders = new ModuleFolders();
    database = await createTestDatabase();
    folders.write(
      'older',
      { manifest: { capabilities: ['http'], permissions: [permission('older:note:list')] }, files: { 'index.ts': routes('older') } },
      'mods',
    );
    folders.write(
      'newer',
      {
        manifest: { capabilities: ['http'], permissions: [permission('newer:note:list'), permission('newer:note:export')] },
        files: { 'index.ts': routes('newer') },
      },
      'mods',
    );
    server = await startTestServer({ modulePaths: [`${folders.root}/mods`], database, captureLogs: true });
  });
  after(async () => {
    await server?.stop();
    await database.cleanup();
    folders.remove();
  });

  const get = (path: string) => server.http().get(`/api/v1${path}`).set('Authorization', ADMIN);

  it('boots a module that does not declare the permission, without the route', async () => {
    expect((await get('/older/notes')).body.data).to.deep.equal({ listed: true });
    const sheet = await get('/older/sheet');
    expect(sheet.status).to.equal(404);
    expect(sheet.body.code).to.equal('SYSTEM_NOT_FOUND_404');
  });

  it('says so in the log, naming the route and the permission to declare', () => {
    const warnings = server.logs.filter((line) => line.level === 40).map((line) => ({ module: line.module, msg: line.msg }));
    expect(warnings.filter((line) => line.module === 'older')).to.deep.equal([
      { module: 'older', msg: `GET /older/sheet is not served: declare permission older:note:export in ${folders.root}/mods/older/manifest.json to serve it` },
    ]);
    expect(warnings.filter((line) => line.module === 'newer')).to.deep.equal([]);
  });

  it('serves the route of a module that declares the permission', async () => {
    expect((await get('/newer/sheet')).body.data).to.deep.equal({ exported: true });
  });
});
