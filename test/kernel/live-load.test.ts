import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../../kernel/boot-error';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry, migration, permission } from './support/module-folder';

/** Modules written while the server runs, then loaded into it without a restart. */
describe('loading modules into a running kernel', () => {
  let server: TestServer;
  let folders: ModuleFolders;
  before(async () => {
    folders = new ModuleFolders();
    // A module with the `kernel.lifecycle` capability, whose route loads a folder through ctx.kernel.
    const loader = folders.write('loader', {
      manifest: { capabilities: ['http', 'kernel.lifecycle'], permissions: [permission('loader:module:add')] },
      files: {
        'index.ts': entry(
          `  routes: [defineRoute({
    method: 'POST', path: '/loader/modules', permission: 'loader:module:add', summary: 'Loads a module folder', status: 201,
    body: Type.Object({ dir: Type.String() }),
    handler: ({ body }, ctx) => ctx.kernel.lifecycle.load(body.dir),
  })],`,
          ['defineRoute', 'Type'],
        ),
      },
    });
    server = await startTestServer({ modulePaths: [loader] });
  });
  after(async () => {
    await server.stop();
    folders.remove();
  });

  const get = (url: string) => server.http().get(url).set('Authorization', ADMIN);
  const apiPaths = async () => Object.keys((await get('/v3/api-docs')).body.paths);
  const permissionCodes = async () => ((await get('/api/v1/system/permissions?pageSize=200')).body.data.items as { code: string }[]).map((p) => p.code);
  const moduleIds = async () => ((await get('/api/v1/system/modules?pageSize=200')).body.data.items as { id: string }[]).map((m) => m.id);

  /** A module with a table (its migration fills it) and a route reading it; `version` 1 or 2. */
  function writeAlmanac(version: 1 | 2, parent = 'live'): string {
    const route = (routePath: string, sql: string) => `defineRoute({
      method: 'GET', path: '${routePath}', permission: 'almanac:entry:list', summary: '${routePath}',
      handler: async (_req, ctx) => ({ rows: await ctx.db.em().getConnection().execute(${JSON.stringify(sql)}) }),
    })`;
    const routes =
      version === 1
        ? [route('/almanac/entries', 'select title from almanac_entries order by id')]
        : [route('/almanac/summary', 'select count(*)::int as count, max(note) as note from almanac_entries')];
    return folders.write(
      'almanac',
      {
        manifest: {
          version: `${version}.0.0`,
          capabilities: ['http', 'db'],
          permissions: [permission('almanac:entry:list')],
          migrations: version === 1 ? ['0001-create'] : ['0001-create', '0002-add-note'],
        },
        files: {
          'index.ts': entry(`  routes: [${routes.join(', ')}],`, ['defineRoute']),
          'migrations/0001-create.ts': migration(
            'create table almanac_entries (id int primary key, title text not null)',
            `insert into almanac_entries values (1, 'solstice'), (2, 'equinox')`,
          ),
          ...(version === 2 ? { 'migrations/0002-add-note.ts': migration(`alter table almanac_entries add column note text default 'noted'`) } : {}),
        },
      },
      parent,
    );
  }

  it('serves a module loaded live at once: its routes answer, its migrations ran, it is in /v3/api-docs and its permissions are listed', async () => {
    const dir = writeAlmanac(1);
    const runtime = await server.kernel.loadModule(dir);
    expect(runtime.id).to.equal('almanac');

    const res = await get('/api/v1/almanac/entries');
    expect(res.status).to.equal(200);
    expect(res.body.data.rows).to.deep.equal([{ title: 'solstice' }, { title: 'equinox' }]);
    expect(await apiPaths()).to.include('/api/v1/almanac/entries');
    expect(await permissionCodes()).to.include('almanac:entry:list');
    const detail = (await get('/api/v1/system/modules/almanac')).body.data;
    expect(detail).to.include({ status: 'enabled', version: '1.0.0', builtin: false });
    expect(detail.migrationsApplied).to.deep.equal(['0001-create']);
  });

  it('replaces a module loaded again in place: the new route answers, the removed one answers 404, only the new migration runs', async () => {
    await server.kernel.loadModule(writeAlmanac(2));

    const summary = await get('/api/v1/almanac/summary');
    expect(summary.status).to.equal(200);
    expect(summary.body.data.rows).to.deep.equal([{ count: 2, note: 'noted' }]);
    const removed = await get('/api/v1/almanac/entries');
    expect(removed.status).to.equal(404);
    expect(removed.body.code).to.equal('SYSTEM_NOT_FOUND_404');
    const paths = await apiPaths();
    expect(paths).to.include('/api/v1/almanac/summary');
    expect(paths).to.not.include('/api/v1/almanac/entries');
    const detail = (await get('/api/v1/system/modules/almanac')).body.data;
    expect(detail.version).to.equal('2.0.0');
    expect(detail.migrationsApplied).to.deep.equal(['0001-create', '0002-add-note']);
    expect((await moduleIds()).filter((id) => id === 'almanac')).to.have.length(1);
  });

  it('loads through ctx.kernel.lifecycle.load, the same function a module with the kernel.lifecycle capability calls', async () => {
    const dir = folders.write(
      'postcard',
      {
        manifest: { capabilities: ['http'] },
        files: {
          'index.ts': entry(
            `  routes: [defineRoute({ method: 'GET', path: '/postcard', public: true, summary: 'hi', handler: () => ({ from: 'postcard' }) })],`,
            ['defineRoute'],
          ),
        },
      },
      'live',
    );
    const res = await server.http().post('/api/v1/loader/modules').set('Authorization', ADMIN).send({ dir });
    expect(res.status).to.equal(201);
    expect(res.body.data).to.include({ id: 'postcard', status: 'enabled', builtin: false });
    expect((await server.http().get('/api/v1/postcard')).body.data).to.deep.equal({ from: 'postcard' });
  });

  it('keeps a replaced module before the modules that depend on it', async () => {
    const reader = folders.write('almanac-reader', { manifest: { dependsOn: ['almanac@^2.0.0'] } }, 'live');
    await server.kernel.loadModule(reader);
    await server.kernel.loadModule(writeAlmanac(2));
    const ids = await moduleIds();
    expect(ids.indexOf('almanac')).to.be.lessThan(ids.indexOf('almanac-reader'));
  });

  it('refuses a broken module with its problems and leaves the running kernel as it was', async () => {
    const before = { ids: await moduleIds(), paths: await apiPaths(), permissions: await permissionCodes() };
    const dir = folders.write(
      'broken',
      {
        manifest: { capabilities: ['http'], permissions: [permission('broken:thing:edit')] },
        files: {
          'index.ts': entry(
            `  routes: [defineRoute({ method: 'GET', path: '/broken', permission: 'broken:thing:query', summary: 'x', handler: () => ({}) })],`,
            ['defineRoute'],
          ),
        },
      },
      'live',
    );

    const error = await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(BootError);
    const problems = (error as BootError).problems;
    expect(problems.map((p) => p.moduleId)).to.deep.equal(['broken', 'broken']);
    expect(problems.map((p) => p.message).join('\n'))
      .to.include('broken:thing:query')
      .and.to.include('broken:thing:edit is declared but');
    expect((await get('/api/v1/broken')).status).to.equal(404);
    expect({ ids: await moduleIds(), paths: await apiPaths(), permissions: await permissionCodes() }).to.deep.equal(before);
  });

  it('keeps the running version of a module whose new version is refused', async () => {
    const dir = writeAlmanac(2);
    folders.write(
      'almanac',
      {
        manifest: { version: '2.1.0', capabilities: ['db'], migrations: ['0001-create', '0002-add-note'] },
        files: { 'index.ts': `throw new Error('half-written');\n` },
      },
      'live',
    );
    const error = await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as BootError).message).to.include(`almanac (${path.join(dir, 'index.ts')}): cannot load the entry: half-written`);
    expect((await get('/api/v1/almanac/summary')).status).to.equal(200);
    expect((await get('/api/v1/system/modules/almanac')).body.data.version).to.equal('2.0.0');
  });

  it('refuses a new version outside the range a running dependent needs', async () => {
    const dir = writeAlmanac(2);
    folders.write('almanac', { manifest: { version: '3.0.0' } }, 'live');
    const error = (await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    )) as BootError;
    expect(error).to.be.instanceOf(BootError);
    expect(error.problems).to.have.length(1);
    expect(error.problems[0]).to.include({ moduleId: 'almanac-reader' });
    expect(error.problems[0].message).to.include('almanac@^2.0.0').and.to.include('3.0.0');
    expect((await get('/api/v1/system/modules/almanac')).body.data.version).to.equal('2.0.0');
  });

  it('refuses a module whose dependency is not loaded, naming it', async () => {
    const dir = folders.write('orphan', { manifest: { dependsOn: ['nobody'] } }, 'live');
    const error = (await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    )) as BootError;
    expect(error.message).to.include(`orphan (${path.join(dir, 'manifest.json')}): depends on "nobody"`);
    expect(await moduleIds()).to.not.include('orphan');
  });

  it('refuses a module whose id a module from another folder already has', async () => {
    const dir = writeAlmanac(2, 'elsewhere');
    const error = (await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    )) as BootError;
    expect(error).to.be.instanceOf(BootError);
    expect(error.message).to.include('id "almanac" is declared by two module folders');
  });

  it('loads a module whose first attempt failed once its folder is fixed', async () => {
    const write = (sql: string) =>
      folders.write(
        'retry',
        {
          manifest: { capabilities: ['db'], migrations: ['0001-create'] },
          files: { 'migrations/0001-create.ts': migration(sql) },
        },
        'live',
      );
    const dir = write('create table retry_things (id int primary key, oops)');
    const failed = await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((failed as Error).message).to.include('module "retry" migration 0001-create');
    expect(await moduleIds()).to.not.include('retry');

    write('create table retry_things (id int primary key)');
    await server.kernel.loadModule(dir);
    expect((await get('/api/v1/system/modules/retry')).body.data.migrationsApplied).to.deep.equal(['0001-create']);
  });

  it('takes back a new module whose start() fails, and keeps the version it would have replaced', async () => {
    const write = (version: string, start: string) =>
      folders.write(
        'starter',
        {
          manifest: { version, capabilities: ['http'] },
          files: {
            'index.ts': entry(
              `  routes: [defineRoute({ method: 'GET', path: '/starter', public: true, summary: 'v', handler: () => ({ version: '${version}' }) })],\n  start: () => { ${start} },`,
              ['defineRoute'],
            ),
          },
        },
        'live',
      );
    const dir = write('1.0.0', '');
    await server.kernel.loadModule(dir);
    write('2.0.0', `throw new Error('cannot reach the mail server');`);
    const error = (await server.kernel.loadModule(dir).then(
      () => undefined,
      (e: unknown) => e,
    )) as BootError;
    expect(error.message).to.include(`starter (${path.join(dir, 'index.ts')}): start() failed: cannot reach the mail server`);
    expect((await server.http().get('/api/v1/starter')).body.data).to.deep.equal({ version: '1.0.0' });
    expect((await get('/api/v1/system/modules/starter')).body.data.version).to.equal('1.0.0');
  });

  it('maps a live-loaded entity whole: its version property checks and moves the version (optimistic locking)', async () => {
    const dir = folders.write(
      'ledger',
      {
        manifest: { capabilities: ['db'], migrations: ['0001-create'] },
        files: {
          'index.ts': entry(
            '  entities: [LedgerEntry],',
            [],
            `import { defineEntity } from '@mikro-orm/core';

const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entry',
  properties: (p) => ({ id: p.integer().primary(), note: p.string(), version: p.integer().version() }),
});`,
          ),
          'migrations/0001-create.ts': migration(
            `create table ledger_entry (id int primary key, note text not null, version int not null default 1)`,
            `insert into ledger_entry values (1, 'opened', 1)`,
          ),
        },
      },
      'live',
    );
    await server.kernel.loadModule(dir);
    expect(server.kernel.db.orm.getMetadata().get('LedgerEntry').versionProperty).to.equal('version');

    const em = server.kernel.db.orm.em.fork();
    const row = await em.findOneOrFail<{ id: number; note: string; version: number }>('LedgerEntry', { id: 1 });
    await em.getConnection().execute(`update ledger_entry set version = 2 where id = 1`);
    row.note = 'changed by a stale reader';
    const stale = await em.flush().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((stale as Error)?.name).to.equal('OptimisticLockError');
  });
});
