import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ModuleFolders, entry, permission } from '../kernel/support/module-folder';
import { expectError } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { generatedModulesDir, generatorApi, imported, sql, updated, type GeneratorApi, type TableView } from './helpers';

/**
 * A generated module may not take what another module owns: the generator refuses a permission
 * prefix or a resource path of another module, naming it, before writing anything.
 */
describe('generator: names another module owns', () => {
  let server: TestServer;
  let api: GeneratorApi;
  let note: TableView;
  let folders: ModuleFolders;
  before(async () => {
    folders = new ModuleFolders();
    server = await startTestServer();
    api = generatorApi(server);
    await sql(server, 'create table g7own_note (id bigserial primary key, body text not null)');
    note = await imported(api, 'g7own_note');
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  /** The `owned` details of a refused configuration update, as [field, owner]. */
  async function refusedFor(change: Record<string, unknown>): Promise<Array<[string, string]>> {
    const body = expectError(await api.update(note.id, { version: note.version, ...change }), 400, 'VALIDATION_FAILED_400');
    return (body.details as unknown as Array<{ field: string; rule: string; owner: string }>).filter((d) => d.rule === 'owned').map((d) => [d.field, d.owner]);
  }

  it('refuses a permission prefix of another module, naming it', async () => {
    expect(await refusedFor({ permissionPrefix: 'system:user' })).to.deep.equal([['/body/permissionPrefix', 'users']]);
    expect(await refusedFor({ permissionPrefix: 'task:task' })).to.deep.equal([['/body/permissionPrefix', 'tasks']]);
  });

  it('refuses a resource path in another module’s route prefix or under its menu, naming it', async () => {
    expect(await refusedFor({ resourcePath: '/auth/notes' })).to.deep.equal([['/body/resourcePath', 'auth']]);
    expect(await refusedFor({ resourcePath: '/system/users/notes' })).to.deep.equal([['/body/resourcePath', 'users']]);
    expect(await refusedFor({ resourcePath: '/system/sessions' })).to.deep.equal([
      ['/body/resourcePath', 'auth'],
      ['/body/resourcePath', 'auth'],
    ]);
  });

  it('accepts names of its own', async () => {
    note = await updated(api, note, { permissionPrefix: 'g7own:note', resourcePath: '/g7own/notes' });
    expect(note).to.include({ permissionPrefix: 'g7own:note', resourcePath: '/g7own/notes' });
  });

  it('refuses to generate once another module has taken the prefix, writing nothing', async () => {
    const squatter = folders.write('squatter', {
      manifest: { capabilities: ['http'], permissions: [permission('g7own:note:list', 'squatter')] },
      files: {
        'index.ts': entry(
          `  routes: [defineRoute({ method: 'GET', path: '/g7own/squat', permission: 'g7own:note:list', summary: 'x', response: Type.Object({}), handler: () => ({}) })],`,
          ['defineRoute', 'Type'],
        ),
      },
    });
    await server.kernel.loadModule(squatter);
    const body = expectError(await api.generate(note.id), 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.deep.include.members([
      { field: '/body/permissionPrefix', rule: 'owned', message: '"g7own:note" is the permission prefix of module "squatter"', owner: 'squatter' },
      { field: '/body/resourcePath', rule: 'owned', message: 'routes under /g7own/notes would be in the route prefix of module "squatter"', owner: 'squatter' },
    ]);
    expect(fs.existsSync(path.join(generatedModulesDir(server), note.moduleId))).to.equal(false);
    expect((await server.http().get('/api/v1/g7own/notes').set('Authorization', ADMIN)).status).to.equal(404);
  });
});
