import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../../kernel/boot-error';
import { createUserAndLogin } from '../support/identity';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN, fixture, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry, permission } from './support/module-folder';

const THIEF = fixture('ownership-thief');

/** What the ownership-thief fixture takes, each naming the module it belongs to. */
const THEFTS = [
  'permission system:user:export is under "system:user", which belongs to module "users"',
  'menu path /system/users/export is under /system/users, a menu of module "users"',
  'route POST /api/v1/auth/backdoor is under /api/v1/auth, which belongs to module "auth"',
];

function expectThefts(error: unknown): void {
  expect(error, String(error)).to.be.instanceOf(BootError);
  const problems = (error as BootError).problems;
  expect(problems.map((p) => p.moduleId)).to.deep.equal(['ownership-thief', 'ownership-thief', 'ownership-thief']);
  const messages = problems.map((p) => p.message);
  for (const theft of THEFTS)
    expect(
      messages.some((m) => m.startsWith(theft)),
      `${theft}\nin:\n${messages.join('\n')}`,
    ).to.equal(true);
  expect(problems.find((p) => p.message.startsWith(THEFTS[2]))!.file).to.equal(path.join(THIEF, 'index.ts'));
  expect(problems.find((p) => p.message.startsWith(THEFTS[0]))!.file).to.equal(path.join(THIEF, 'manifest.json'));
}

/** A module may not take a permission prefix, menu path or route prefix of another; nothing is listed twice. */
describe('what belongs to which module', () => {
  let folders: ModuleFolders;
  let database: TestDatabase;
  before(async () => {
    folders = new ModuleFolders();
    database = await createTestDatabase();
  });
  after(async () => {
    folders.remove();
    await database.cleanup();
  });

  async function refusal(...modulePaths: string[]): Promise<unknown> {
    const server = await startTestServer({ modulePaths, database }).catch((error: unknown) => error);
    if (!(server instanceof Error)) {
      await (server as TestServer).stop();
      expect.fail('the kernel booted, but it should have refused the modules');
    }
    return server;
  }

  it('refuses at boot a dropped-in module taking another’s permission prefix, menu path and route prefix, naming each owner', async () => {
    expectThefts(await refusal(THIEF));
  });

  it('refuses the intruder, not the built-in module, whichever loads first', async () => {
    // No dependencies and an id sorting first: it loads before departments.
    const early = folders.write('aardvark', {
      manifest: {
        permissions: [permission('system:dept:export', 'aardvark')],
        menus: [{ title: 'Departments', path: '/system/departments', component: 'x', permission: 'system:dept:export' }],
      },
    });
    const error = (await refusal(early)) as BootError;
    expect(error.problems.map((p) => [p.moduleId, p.message])).to.deep.equal([
      [
        'aardvark',
        'permission system:dept:export is under "system:dept", which belongs to module "departments": declare permissions under a prefix of your own, such as "aardvark:<resource>"',
      ],
      ['aardvark', 'menu path /system/departments belongs to module "departments"'],
    ]);
  });

  it('refuses a manifest listing a permission code or a menu path twice', async () => {
    const dir = folders.write('stutter', {
      manifest: {
        // The schema refuses two equal entries; these differ by name alone.
        permissions: [permission('stutter:item:list'), { ...permission('stutter:item:list'), name: 'List items, again' }],
        menus: [
          { title: 'Items', path: '/stutter/items', component: 'x', permission: 'stutter:item:list' },
          { title: 'Items again', path: '/stutter/items', component: 'y', permission: 'stutter:item:list' },
        ],
      },
    });
    const error = (await refusal(dir)) as BootError;
    expect(error.problems.map((p) => p.message)).to.deep.equal(['permission stutter:item:list is listed twice', 'menu path /stutter/items is listed twice']);
  });

  it('lets a module use its own prefixes, a resource of its own under the shared /me, and, through dependsOn, another module’s permission without declaring it', async () => {
    const dir = folders.write('neighbour', {
      manifest: {
        dependsOn: ['users'],
        capabilities: ['http'],
        permissions: [permission('neighbour:note:list'), permission('me:note:list', 'neighbour')],
        menus: [{ title: 'Notes', path: '/neighbour/notes', component: 'x', permission: 'neighbour:note:list' }],
      },
      files: {
        'index.ts': entry(
          `  routes: [
    defineRoute({ method: 'GET', path: '/neighbour/people', permission: 'system:user:list', summary: 'x', response: Type.Object({}), handler: () => ({}) }),
    defineRoute({ method: 'GET', path: '/me/notes', permission: 'me:note:list', summary: 'x', response: Type.Object({}), handler: () => ({}) }),
  ],`,
          ['defineRoute', 'Type'],
        ),
      },
    });
    const server = await startTestServer({ modulePaths: [dir], database });
    try {
      expect((await server.http().get('/api/v1/neighbour/people').set('Authorization', ADMIN)).status).to.equal(200);
      expect((await server.http().get('/api/v1/me/notes').set('Authorization', ADMIN)).status).to.equal(200);
    } finally {
      await server.stop();
    }
  });

  describe('under /auth, which lets modules depending on auth serve a second segment of their own', () => {
    /** A module serving GET `path`, depending on `dependsOn`. */
    function signInMethod(id: string, path: string, dependsOn: string[]): string {
      return folders.write(id, {
        manifest: { dependsOn, capabilities: ['http'] },
        files: {
          'index.ts': entry(
            `  routes: [defineRoute({ method: 'GET', path: '${path}', public: true, summary: 'x', response: Type.Object({}), handler: () => ({ served: true }) })],`,
            ['defineRoute', 'Type'],
          ),
        },
      });
    }

    it('serves a dependent module’s /auth/<its own segment>', async () => {
      const server = await startTestServer({ modulePaths: [signInMethod('passkeys', '/auth/passkeys/options', ['auth'])], database });
      try {
        const res = await server.http().get('/api/v1/auth/passkeys/options');
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
      } finally {
        await server.stop();
      }
    });

    it('refuses a dependent module a second segment auth serves, naming it', async () => {
      const error = (await refusal(signInMethod('login-wrapper', '/auth/login/twice', ['auth']))) as BootError;
      expect(error.problems.map((p) => [p.moduleId, p.message])).to.deep.equal([
        ['login-wrapper', 'route GET /api/v1/auth/login/twice is under /api/v1/auth/login, which belongs to module "auth"'],
      ]);
    });

    it('refuses a module that does not depend on auth the whole area', async () => {
      const error = (await refusal(signInMethod('stranger', '/auth/stranger', []))) as BootError;
      expect(error.problems.map((p) => [p.moduleId, p.message])).to.deep.equal([
        ['stranger', 'route GET /api/v1/auth/stranger is under /api/v1/auth, which belongs to module "auth"'],
      ]);
    });

    it('refuses a second module the segment single sign-on serves', async () => {
      const error = (await refusal(signInMethod('oidc-again', '/auth/oidc/again', ['auth']))) as BootError;
      expect(error.problems.map((p) => [p.moduleId, p.message])).to.deep.equal([
        ['oidc-again', 'route GET /api/v1/auth/oidc/again is under /api/v1/auth/oidc, which belongs to module "sso"'],
      ]);
    });
  });

  describe('in a running kernel', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ database });
    });
    after(() => server?.stop());

    const get = (url: string) => server.http().get(url).set('Authorization', ADMIN);
    const permissionCodes = async () => ((await get('/api/v1/system/permissions?pageSize=200')).body.data.items as { code: string }[]).map((p) => p.code);

    it('refuses the same module loaded live, naming each owner, and registers nothing of it', async () => {
      const before = await permissionCodes();
      expectThefts(
        await server.kernel.loadModule(THIEF).then(
          () => undefined,
          (e: unknown) => e,
        ),
      );
      expect((await get('/api/v1/ownership-thief/loot')).status).to.equal(404);
      expect((await get('/api/v1/system/modules/ownership-thief')).status).to.equal(404);
      expect(await permissionCodes()).to.deep.equal(before);
    });

    it('lists no permission code twice: the catalogue, and /me of a user whose roles overlap', async () => {
      const codes = await permissionCodes();
      expect(codes.length).to.be.greaterThan(50);
      expect(codes).to.deep.equal([...new Set(codes)]);
      const overlapping = await createUserAndLogin(server, { permissions: ['system:user:list', 'system:user:query'] });
      const second = await server
        .http()
        .post('/api/v1/roles')
        .set('Authorization', ADMIN)
        .send({ code: 'overlap', name: 'Overlap', permissions: ['system:user:list', 'me:profile:query'] });
      const user = await get(`/api/v1/users/${overlapping.id}`);
      await server
        .http()
        .put(`/api/v1/users/${overlapping.id}`)
        .set('Authorization', ADMIN)
        .send({ roleIds: [...overlapping.roleIds, second.body.data.id], version: user.body.data.version });
      const me = await server.http().get('/api/v1/me').set('Authorization', overlapping.tokens.bearer);
      expect(me.status, me.text).to.equal(200);
      const held = me.body.data.permissions as string[];
      expect(held).to.include('system:user:list');
      expect(held).to.deep.equal([...new Set(held)]);
    });
  });
});
