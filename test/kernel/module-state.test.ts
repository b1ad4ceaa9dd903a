import { expect } from 'chai';
import { createTestDatabase } from '../support/database';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer } from '../support/server';
import { ModuleFolders, entry } from './support/module-folder';

/** polite depends on greeter; both are enabled at boot, and every test leaves them so. */
describe('enabling and disabling modules at run time', () => {
  let server: TestServer;
  const folders = new ModuleFolders();
  const caller = tokenFor('ada', ['greeter:greeting:query', 'polite:greeting:query']);
  const modulePaths = [fixture('greeter'), fixture('polite')];
  // Starts at boot, and refuses to start ever again.
  const moody = folders.write('moody', {
    manifest: { capabilities: ['http'] },
    files: {
      'index.ts': entry(
        `  routes: [defineRoute({ method: 'GET', path: '/moody', public: true, summary: 'mood', handler: () => ({ mood: 'fine' }) })],
  start: () => {
    starts += 1;
    if (starts > 1) throw new Error('not in the mood');
  },`,
        ['defineRoute'],
        'let starts = 0;',
      ),
    },
  });
  before(async () => {
    server = await startTestServer({ modulePaths: [...modulePaths, moody] });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });
  afterEach(async () => {
    // Whatever a test did, the next one starts with everything enabled (dependencies first).
    for (const id of ['test-auth', 'greeter', 'polite']) await server.kernel.capabilities.lifecycle.enable(id);
  });

  const disable = (id: string) => server.http().post(`/api/v1/system/modules/${id}/disable`).set('Authorization', ADMIN);
  const enable = (id: string) => server.http().post(`/api/v1/system/modules/${id}/enable`).set('Authorization', ADMIN);
  const greet = () => server.http().get('/api/v1/polite/greet').query({ name: 'Ada' }).set('Authorization', caller);

  it('answers 404 SYSTEM_NOT_FOUND_404 on a disabled module’s routes, and serves them again once enabled', async () => {
    expect((await greet()).status).to.equal(200);
    const disabled = await disable('polite');
    expect(disabled.status).to.equal(200);
    expect(disabled.body.data).to.include({ id: 'polite', status: 'disabled' });
    const gone = await greet();
    expect(gone.status).to.equal(404);
    expect(gone.body.code).to.equal('SYSTEM_NOT_FOUND_404');
    const enabled = await enable('polite');
    expect(enabled.body.data).to.include({ id: 'polite', status: 'enabled' });
    expect((await greet()).status).to.equal(200);
  });

  it('takes a disabled module’s routes out of /v3/api-docs and puts them back on enable', async () => {
    const paths = async () => Object.keys((await server.http().get('/v3/api-docs').set('Authorization', ADMIN)).body.paths);
    expect(await paths()).to.include('/api/v1/polite/greet');
    await disable('polite');
    expect(await paths()).to.not.include('/api/v1/polite/greet');
    expect(await paths()).to.include('/api/v1/greeter/hello');
    await enable('polite');
    expect(await paths()).to.include('/api/v1/polite/greet');
  });

  it('takes a disabled module’s permissions out of GET /api/v1/system/permissions', async () => {
    const codes = async () => {
      const res = await server.http().get('/api/v1/system/permissions').query({ pageSize: 200 }).set('Authorization', ADMIN);
      return (res.body.data.items as { code: string }[]).map((p) => p.code);
    };
    expect(await codes()).to.include('polite:greeting:query');
    await disable('polite');
    expect(await codes()).to.not.include('polite:greeting:query');
    expect(await codes()).to.include('greeter:greeting:query');
    await enable('polite');
    expect(await codes()).to.include('polite:greeting:query');
  });

  it('takes a disabled module’s menus out of the kernel’s menu listing', async () => {
    const paths = () => server.kernel.capabilities.catalog.menus().map((m) => m.path);
    expect(paths()).to.include('/polite');
    await disable('polite');
    expect(paths()).to.not.include('/polite');
    expect(paths()).to.include('/greetings');
    await enable('polite');
    expect(paths()).to.include('/polite');
  });

  it('stops handing a disabled module’s SPI contributions to the SPI’s owner', async () => {
    const salutations = async () =>
      (await server.http().get('/api/v1/greeter/hello').query({ name: 'Ada' }).set('Authorization', caller)).body.data.salutations;
    expect(await salutations()).to.deep.equal(['Good day, Ada']);
    await disable('polite');
    expect(await salutations()).to.deep.equal([]);
    await enable('polite');
    expect(await salutations()).to.deep.equal(['Good day, Ada']);
  });

  it("stops using a disabled module's authenticator: a fixture token is then one nobody recognises (401 AUTH_TOKEN_INVALID_401)", async () => {
    expect((await disable('test-auth')).status).to.equal(200);
    const res = await server.http().get('/api/v1/system/modules').set('Authorization', ADMIN);
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('AUTH_TOKEN_INVALID_401');
    // No authenticator is left to let an HTTP call enable it again: the kernel's own API does.
    await server.kernel.capabilities.lifecycle.enable('test-auth');
    expect((await server.http().get('/api/v1/system/modules').set('Authorization', ADMIN)).status).to.equal(200);
  });

  it('refuses to disable a module an enabled module depends on: 409 SYSTEM_MODULE_DEPENDENCY_CONFLICT_409 naming the dependents', async () => {
    const res = await disable('greeter');
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('SYSTEM_MODULE_DEPENDENCY_CONFLICT_409');
    expect(res.body.details.map((d: { module: string }) => d.module)).to.deep.equal(['polite']);
    expect((await server.http().get('/api/v1/greeter/hello').query({ name: 'Ada' }).set('Authorization', caller)).status).to.equal(200);
  });

  it('refuses to enable a module whose dependency is disabled: 409 naming that dependency', async () => {
    await disable('polite');
    expect((await disable('greeter')).status).to.equal(200);
    const res = await enable('polite');
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('SYSTEM_MODULE_DEPENDENCY_CONFLICT_409');
    expect(res.body.details.map((d: { module: string }) => d.module)).to.deep.equal(['greeter']);
    expect((await greet()).status).to.equal(404);
  });

  it('leaves a module disabled, in memory and in the database, when its start() fails on enable', async () => {
    expect((await disable('moody')).status).to.equal(200);
    const res = await enable('moody');
    expect(res.status).to.equal(500);
    expect(res.body.code).to.equal('SYSTEM_INTERNAL_ERROR_500');
    expect((await server.http().get('/api/v1/system/modules/moody').set('Authorization', ADMIN)).body.data.status).to.equal('disabled');
    expect((await server.http().get('/api/v1/moody')).status).to.equal(404);
    expect((await server.kernel.stateStore.read()).get('moody')).to.equal(false);
  });

  it('refuses to disable the system module: 409 SYSTEM_MODULE_ESSENTIAL_409', async () => {
    const res = await disable('system');
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('SYSTEM_MODULE_ESSENTIAL_409');
  });

  it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a module that is not loaded', async () => {
    for (const res of [await disable('no-such-module'), await enable('no-such-module')]) {
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
    }
  });

  it('keeps a module’s state across a restart', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ modulePaths, database });
      await first.http().post('/api/v1/system/modules/polite/disable').set('Authorization', ADMIN).expect(200);
      await first.stop();

      const second = await startTestServer({ modulePaths, database });
      try {
        const res = await second.http().get('/api/v1/system/modules/polite').set('Authorization', ADMIN);
        expect(res.body.data.status).to.equal('disabled');
        expect((await second.http().get('/api/v1/polite/greet').query({ name: 'Ada' }).set('Authorization', caller)).status).to.equal(404);
        expect((await second.http().get('/api/v1/system/modules/greeter').set('Authorization', ADMIN)).body.data.status).to.equal('enabled');
      } finally {
        await second.stop();
      }
    } finally {
      await database.cleanup();
    }
  });
});
