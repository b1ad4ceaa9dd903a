import { expect } from 'chai';
import { BootError } from '../../kernel/boot-error';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry, migration, permission } from './support/module-folder';

/**
 * twin has one of everything a module can bring: a migration and the table it fills, a route, a
 * permission, a menu, a catalogued error, a contribution to a kernel SPI and a state from setup().
 * One server boots with it; another boots without it and loads it live. Both must show the same.
 */
describe('one install path: a module loaded live is the module booted', () => {
  const folders = new ModuleFolders();
  const twin = folders.write('twin', {
    manifest: {
      capabilities: ['http', 'db'],
      permissions: [permission('twin:pair:list')],
      menus: [{ title: 'Twins', path: '/twin', component: 'twin/index', permission: 'twin:pair:list' }],
      migrations: ['0001-create'],
      spi: ['kernel.readiness'],
    },
    files: {
      'index.ts': entry(
        `  errors: defineErrors({ TWIN_MISMATCH_409: { en: 'The twins differ.', zh: '双胞胎不同。' } }),
  setup: (ctx) => ({ greeting: 'hello from ' + ctx.id }),
  contributes: [contribute(ReadinessSpi, () => ({ dependency: 'twin-store', check: async () => null }))],
  routes: [
    defineRoute({
      method: 'GET', path: '/twin/pairs', permission: 'twin:pair:list', summary: 'The pairs, and the module state',
      handler: async (_req, ctx) => ({
        state: ctx.state,
        rows: await ctx.db.em().getConnection().execute('select name from twin_pairs order by name'),
      }),
    }),
  ],`,
        ['defineRoute', 'defineErrors', 'contribute', 'ReadinessSpi'],
      ),
      'migrations/0001-create.ts': migration('create table twin_pairs (name text primary key)', "insert into twin_pairs values ('castor'), ('pollux')"),
    },
  });
  let booted: TestServer;
  let live: TestServer;
  before(async () => {
    booted = await startTestServer({ modulePaths: [twin] });
    live = await startTestServer();
    await live.kernel.loadModule(twin);
  });
  after(async () => {
    await booted?.stop();
    await live?.stop();
    folders.remove();
  });

  /** What a server shows of twin, through its API and its kernel. */
  async function seen(server: TestServer) {
    const get = async (url: string) => (await server.http().get(url).set('Authorization', ADMIN)).body;
    const module = (await get('/api/v1/system/modules/twin')).data;
    const docs = await get('/v3/api-docs');
    return {
      pairs: (await get('/api/v1/twin/pairs')).data,
      operation: docs.paths['/api/v1/twin/pairs'],
      permissions: (await get('/api/v1/system/permissions?moduleId=twin')).data.items,
      errorCodes: (await get('/api/v1/system/error-codes?owner=twin')).data.items,
      menus: server.kernel.capabilities.catalog.menus().filter((m) => m.moduleId === 'twin'),
      readiness: (await get('/api/v1/system/ready')).data.dependencies.filter((d: { name: string }) => d.name === 'twin-store'),
      module: { ...module, dependents: undefined },
    };
  }

  it('serves the same routes, catalog entries, permissions, menus, SPI contributions and state', async () => {
    const [fromBoot, fromLive] = [await seen(booted), await seen(live)];
    expect(fromBoot.pairs).to.deep.equal({ state: { greeting: 'hello from twin' }, rows: [{ name: 'castor' }, { name: 'pollux' }] });
    expect(fromBoot.operation).to.not.equal(undefined);
    expect(fromBoot.permissions).to.have.length(1);
    expect(fromBoot.errorCodes.map((e: { code: string }) => e.code)).to.deep.equal(['TWIN_MISMATCH_409']);
    expect(fromBoot.menus).to.have.length(1);
    expect(fromBoot.readiness).to.deep.equal([{ name: 'twin-store', up: true }]);
    expect(fromBoot.module).to.include({ status: 'enabled', builtin: false });
    expect(fromLive).to.deep.equal(fromBoot);
  });

  it('asks a module loaded live for its settings, as a boot does, and refuses it with their problems', async () => {
    const picky = folders.write(
      'picky',
      { files: { 'index.ts': entry(`  checkEnvironment: () => ['PICKY_MODE is not set: set it to strict or lax'],`) } },
      'live',
    );
    const refusal = await live.kernel.loadModule(picky).then(
      () => null,
      (error: Error) => error,
    );
    expect(refusal).to.be.instanceOf(BootError);
    expect((refusal as BootError).problems).to.deep.equal([
      { moduleId: 'picky', file: `${picky}/index.ts`, message: 'PICKY_MODE is not set: set it to strict or lax' },
    ]);
    expect(live.kernel.registry.get('picky')).to.equal(undefined);
  });
});
