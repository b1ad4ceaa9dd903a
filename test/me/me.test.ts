import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { createRole, createUser, createUserAndLogin, expectNotLogged, login, secretsOf, TEST_PASSWORD } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

interface MenuNode {
  title: string;
  path: string;
  permission: string;
  moduleId: string | null;
  children: MenuNode[];
}

const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe("me: the caller's own account", () => {
  let server: TestServer;
  const secrets: string[] = [TEST_PASSWORD];

  before(async () => {
    server = await startTestServer({ captureLogs: true });
  });
  after(() => server?.stop());

  async function department(name: string, parentId?: string): Promise<string> {
    const res = await server
      .http()
      .post('/api/v1/departments')
      .set('Authorization', ADMIN)
      .send({ name, ...(parentId ? { parentId } : {}) });
    return (expectSuccess(res, 201).data as { id: string }).id;
  }

  async function someone(spec: Parameters<typeof createUserAndLogin>[1] = {}) {
    const user = await createUserAndLogin(server, { permissions: ['me:*:*'], ...spec });
    secrets.push(...secretsOf(user.tokens));
    return user;
  }

  describe('GET /me', () => {
    it('answers the account, the tenant, the codes of the active roles, the permissions and the data scope', async () => {
      const top = await department('Head office');
      const child = await department('Branch', top);
      const editor = await createRole(server, { permissions: ['me:*:*', 'system:user:list'], dataScope: 'dept_and_children' });
      const viewer = await createRole(server, { permissions: ['system:user:list'], dataScope: 'self' });
      const dormant = await createRole(server, { permissions: ['system:role:list'], dataScope: 'all', status: 'disabled' });
      const user = await createUserAndLogin(server, { roleIds: [editor.id, viewer.id, dormant.id], deptId: top, email: 'Ada@Example.COM' });
      secrets.push(...secretsOf(user.tokens));

      const data = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', user.tokens.bearer)).data as Record<string, any>;
      expect(data).to.have.all.keys('user', 'tenant', 'roles', 'permissions', 'dataScope');
      expect(data.tenant, 'the default tenant, named by no login').to.deep.equal({ id: DEFAULT_TENANT_ID, code: 'default', name: 'Default tenant' });
      expect(data.user).to.have.all.keys('id', 'username', 'nickname', 'email', 'phone', 'status', 'deptId', 'roleIds', 'postIds');
      expect(data.user).to.include({ id: user.id, username: user.username, email: 'ada@example.com', status: 'active', deptId: top });
      expect(data.user.roleIds).to.have.members([editor.id, viewer.id, dormant.id]);
      expect(data.roles).to.have.members([editor.code, viewer.code]);
      expect(data.permissions).to.have.members(['me:*:*', 'system:user:list']);
      expect(data.dataScope).to.deep.equal({ all: false, deptIds: [top, child].sort(), self: true });
    });

    it('answers data scope all for the administrator', async () => {
      const admin = await login(server, 'admin', 'admin-local-only');
      secrets.push(...secretsOf(admin));
      const data = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', admin.bearer)).data as Record<string, any>;
      expect(data.roles).to.deep.equal(['admin']);
      expect(data.permissions).to.deep.equal(['*:*:*']);
      expect(data.dataScope).to.deep.equal({ all: true, deptIds: [], self: false });
    });

    it('answers 403 PERM_DENIED_403 to a user without me:profile:query', async () => {
      const user = await createUserAndLogin(server, { permissions: ['me:menu:list'] });
      secrets.push(...secretsOf(user.tokens));
      expectError(await server.http().get('/api/v1/me').set('Authorization', user.tokens.bearer), 403, 'PERM_DENIED_403');
    });
  });

  describe('GET /me/menus', () => {
    it('answers the menus whose permission the caller holds, and no others', async () => {
      const user = await someone({ permissions: ['me:menu:list', 'system:session:list'] });
      const tree = (expectSuccess(await server.http().get('/api/v1/me/menus').set('Authorization', user.tokens.bearer)).data as { items: MenuNode[] }).items;
      expect(titles(tree)).to.include('Online sessions');
      expect(titles(tree)).to.not.include('Modules');
      const everything = (expectSuccess(await server.http().get('/api/v1/me/menus').set('Authorization', ADMIN)).data as { items: MenuNode[] }).items;
      expect(titles(everything)).to.include.members(['Online sessions', 'Modules']);
    });

    it('answers each built-in menu’s title in the caller’s language: Chinese for zh-*, the manifest’s English otherwise', async () => {
      const menusIn = async (language?: string) => {
        const request = server.http().get('/api/v1/me/menus').set('Authorization', ADMIN);
        if (language !== undefined) request.set('Accept-Language', language);
        return (expectSuccess(await request).data as { items: MenuNode[] }).items;
      };
      const byPath = (tree: MenuNode[]) => new Map(flatten(tree).map((menu) => [menu.path, menu.title]));
      const zh = byPath(await menusIn('zh-CN,zh;q=0.9,en;q=0.8'));
      expect([zh.get('/system/users'), zh.get('/system/sessions'), zh.get('/system/tasks/schedules')]).to.deep.equal(['用户管理', '在线用户', '定时任务']);
      for (const language of ['en', 'fr', undefined]) {
        const en = byPath(await menusIn(language));
        expect([en.get('/system/users'), en.get('/system/sessions'), en.get('/system/tasks/schedules')], String(language)).to.deep.equal([
          'Users',
          'Online sessions',
          'Task schedules',
        ]);
      }
      // Navigation carries one title: the others stay with the menus API.
      expect(flatten(await menusIn('zh'))[0]).to.not.have.property('titles');
    });
  });

  describe('PUT /me/profile', () => {
    it('changes the nickname, email and phone, normalised, and nothing else', async () => {
      const user = await someone();
      const res = await server
        .http()
        .put('/api/v1/me/profile')
        .set('Authorization', user.tokens.bearer)
        .send({ nickname: ' Ada L. ', email: 'ADA.L@Example.com', phone: '+1 (555) 010-0001' });
      const data = expectSuccess(res).data as Record<string, unknown>;
      expect(data).to.include({ id: user.id, nickname: 'Ada L.', email: 'ada.l@example.com', phone: '+15550100001' });
      const partial = await server.http().put('/api/v1/me/profile').set('Authorization', user.tokens.bearer).send({ phone: null });
      expect(expectSuccess(partial).data).to.include({ nickname: 'Ada L.', email: 'ada.l@example.com', phone: null });
    });

    for (const [field, value] of [
      ['roleIds', []],
      ['status', 'active'],
      ['username', 'someone-else'],
      ['deptId', null],
      ['password', 'x-password-1'],
    ] as const) {
      it(`answers 400 VALIDATION_FAILED_400 naming /body/${field}, which it does not accept`, async () => {
        const user = await someone();
        const res = await server
          .http()
          .put('/api/v1/me/profile')
          .set('Authorization', user.tokens.bearer)
          .send({ nickname: 'Sneaky', [field]: value });
        expect(detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), `/body/${field}`).rule).to.equal('additionalProperties');
        const after = expectSuccess(await server.http().get('/api/v1/me').set('Authorization', user.tokens.bearer)).data as { user: { nickname: string } };
        expect(after.user.nickname).to.not.equal('Sneaky');
      });
    }

    it('answers 409 SYSTEM_USER_DUPLICATED_409 for an email another user has', async () => {
      const taken = await createUser(server, { email: 'taken@example.com' });
      expect(taken.id).to.be.a('string');
      const user = await someone();
      const res = await server.http().put('/api/v1/me/profile').set('Authorization', user.tokens.bearer).send({ email: 'TAKEN@example.com' });
      expectError(res, 409, 'SYSTEM_USER_DUPLICATED_409');
    });
  });

  describe('PUT /me/password', () => {
    const change = (bearer: string, body: object) => server.http().put('/api/v1/me/password').set('Authorization', bearer).send(body);

    it("changes the password and ends the caller's other sessions, not this one", async () => {
      const user = await someone();
      const other = await login(server, user.username, user.password);
      const bystander = await someone();
      secrets.push(...secretsOf(other), 'a-brand-new-password-1');
      expect(expectSuccess(await change(user.tokens.bearer, { oldPassword: user.password, newPassword: 'a-brand-new-password-1' })).data).to.deep.equal({});
      expectError(await server.http().get('/api/v1/me').set('Authorization', other.bearer), 401, 'AUTH_TOKEN_REVOKED_401');
      expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: other.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
      expectSuccess(await server.http().get('/api/v1/me').set('Authorization', user.tokens.bearer));
      expectSuccess(await server.http().get('/api/v1/me').set('Authorization', bystander.tokens.bearer));
      expectError(
        await server.http().post('/api/v1/auth/login').send({ username: user.username, password: user.password }),
        401,
        'AUTH_INVALID_CREDENTIALS_401',
      );
      secrets.push(...secretsOf(await login(server, user.username, 'a-brand-new-password-1')));
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/oldPassword when it is wrong, and changes nothing', async () => {
      const user = await someone();
      const res = await change(user.tokens.bearer, { oldPassword: 'not-my-password', newPassword: 'a-brand-new-password-2' });
      detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/oldPassword');
      secrets.push(...secretsOf(await login(server, user.username, user.password)));
    });

    it('answers 400 VALIDATION_FAILED_400 naming /body/newPassword for one the policy refuses', async () => {
      const user = await someone();
      detailFor(
        expectError(await change(user.tokens.bearer, { oldPassword: user.password, newPassword: 'short' }), 400, 'VALIDATION_FAILED_400'),
        '/body/newPassword',
      );
    });

    it('answers 400 VALIDATION_FAILED_400 with rule wellKnown for a well-known password, in any letter case, and keeps the old one', async () => {
      const user = await someone();
      for (const newPassword of ['Qwerty123', 'PASSWORD123']) {
        const detail = detailFor(
          expectError(await change(user.tokens.bearer, { oldPassword: user.password, newPassword }), 400, 'VALIDATION_FAILED_400'),
          '/body/newPassword',
        );
        expect(detail.rule).to.equal('wellKnown');
      }
      secrets.push(...secretsOf(await login(server, user.username, user.password)));
    });
  });

  describe('GET /me/sessions', () => {
    it("lists the caller's own online sessions, marking the current one", async () => {
      const user = await someone();
      const other = await login(server, user.username, user.password, { userAgent: 'Other-Device/1.0' });
      await someone();
      secrets.push(...secretsOf(other));
      const page = expectSuccess(await server.http().get('/api/v1/me/sessions').set('Authorization', user.tokens.bearer)).data as {
        items: Array<Record<string, unknown>>;
        total: number;
      };
      expect(page.total).to.equal(2);
      expect(page.items[0]).to.have.all.keys('id', 'ip', 'userAgent', 'createdAt', 'lastSeenAt', 'expiresAt', 'current');
      // Newest first: the second login, which is not the session of this request.
      expect(page.items.map((s) => [s.userAgent, s.current])).to.deep.equal([
        ['Other-Device/1.0', false],
        [page.items[1].userAgent, true],
      ]);
      expectSuccess(await server.http().post('/api/v1/auth/logout').set('Authorization', other.bearer));
      const after = expectSuccess(await server.http().get('/api/v1/me/sessions').set('Authorization', user.tokens.bearer)).data as { total: number };
      expect(after.total).to.equal(1);
    });
  });

  describe('afterwards', () => {
    it('has written no token or password to the log', () => {
      expectNotLogged(server, secrets);
    });
  });
});
