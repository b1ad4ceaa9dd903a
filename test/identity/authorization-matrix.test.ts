import { expect } from 'chai';
import { permissionGrants } from '../../kernel/auth/permission-match';
import { openEventStream } from '../support/event-stream';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The authorisation matrix, generated from the live catalog: every operation that is not declared
 * public answers 401 without a token and 403 to a logged-in user who holds no role. A route that
 * joins the catalog without that holding fails this test, whoever wrote it.
 */
describe('the authorisation matrix of every catalogued operation', () => {
  let server: TestServer;
  let operations: Array<{ method: string; path: string; permission?: string; public: boolean; loginOnly: boolean; stream: boolean }>;
  let nobody: string;
  let admin: string;

  before(async () => {
    server = await startTestServer({ withoutAuth: true });
    admin = await login('admin', 'admin-local-only');
    const doc = await server.http().get('/v3/api-docs').set('Authorization', admin);
    expect(doc.status).to.equal(200);
    type Operation = {
      security: unknown[];
      'x-permission'?: string;
      'x-authenticated-only'?: boolean;
      responses?: Record<string, { content?: Record<string, unknown> }>;
    };
    const paths = doc.body.paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        method,
        path,
        permission: op['x-permission'],
        public: op.security.length === 0,
        loginOnly: op['x-authenticated-only'] === true,
        // An event stream answers and stays open: it is read up to its status, then closed.
        stream: op.responses?.['200']?.content?.['text/event-stream'] !== undefined,
      })),
    );
    const created = await server
      .http()
      .post('/api/v1/users')
      .set('Authorization', admin)
      .send({ username: 'nobody', nickname: 'Nobody', password: 'nobody-password-1' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    nobody = await login('nobody', 'nobody-password-1');
  });

  after(() => server?.stop());

  async function login(username: string, password: string): Promise<string> {
    const res = await server.http().post('/api/v1/auth/login').send({ username, password });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return `Bearer ${res.body.data.accessToken}`;
  }

  /** A concrete URL for a templated path: any well-formed id will do, the check comes first. */
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0190f5a4-7c2e-7000-8000-000000000000');

  const call = (method: string, path: string, token?: string) => {
    const request = (server.http() as unknown as Record<string, (url: string) => import('supertest').Test>)[method](concrete(path));
    if (token) request.set('Authorization', token);
    return ['post', 'put', 'patch'].includes(method) ? request.send({}) : request;
  };

  const streamStatus = async (path: string, token: string) => {
    expect(path).to.equal('/api/v1/me/events');
    const stream = await openEventStream(server.url, token);
    stream.close();
    return { status: stream.status, body: stream.body as { code?: string } | undefined };
  };

  it('covers a catalog with protected operations of every identity module', () => {
    const protectedPaths = operations.filter((o) => !o.public).map((o) => o.path);
    for (const prefix of ['/api/v1/users', '/api/v1/roles', '/api/v1/departments', '/api/v1/posts', '/api/v1/menus', '/api/v1/me', '/api/v1/system/sessions']) {
      expect(
        protectedPaths.some((p) => p.startsWith(prefix)),
        prefix,
      ).to.equal(true);
    }
  });

  it('answers 401 AUTH_TOKEN_MISSING_401 without a token on every protected operation', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !o.public)) {
      const res = await call(op.method, op.path);
      if (res.status !== 401 || res.body.code !== 'AUTH_TOKEN_MISSING_401') wrong.push(`${op.method.toUpperCase()} ${op.path}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('answers 403 PERM_DENIED_403 to a logged-in user without roles on every operation that names a permission', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !o.public && !o.loginOnly)) {
      const res = await call(op.method, op.path, nobody);
      if (res.status !== 403 || res.body.code !== 'PERM_DENIED_403') wrong.push(`${op.method.toUpperCase()} ${op.path}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('lets a logged-in user without roles past the checks of the operations that need only a login', async () => {
    const wrong: string[] = [];
    // Logout ends the session the others are called with: it goes last.
    const endsSession = (o: { path: string }) => Number(o.path === '/api/v1/auth/logout');
    for (const op of operations.filter((o) => o.loginOnly).sort((a, b) => endsSession(a) - endsSession(b))) {
      const res = op.stream ? await streamStatus(op.path, nobody) : await call(op.method, op.path, nobody);
      if (res.status === 401 || res.status === 403) wrong.push(`${op.method.toUpperCase()} ${op.path}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  describe('with an API key', () => {
    /** What the key is given: all its owner holds when it is made. */
    const GIVEN = ['me:profile:query', 'me:api-key:add'];
    /** What the owner holds afterwards: the key holds no more. */
    const OWNED = ['me:profile:query'];
    let key: string;
    let owner: { id: string; version: number };

    before(async () => {
      const role = await server.http().post('/api/v1/roles').set('Authorization', admin).send({ code: 'key_owner', name: 'Key owner', permissions: GIVEN });
      expect(role.status, JSON.stringify(role.body)).to.equal(201);
      const created = await server
        .http()
        .post('/api/v1/users')
        .set('Authorization', admin)
        .send({ username: 'keyholder', nickname: 'Key holder', password: 'keyholder-password-1', roleIds: [role.body.data.id] });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      owner = created.body.data;
      const session = await login('keyholder', 'keyholder-password-1');
      const made = await server.http().post('/api/v1/me/api-keys').set('Authorization', session).send({ name: 'matrix', permissions: GIVEN });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      key = `Bearer ${made.body.data.key}`;
      const narrowed = await server
        .http()
        .put(`/api/v1/roles/${role.body.data.id}`)
        .set('Authorization', admin)
        .send({ permissions: OWNED, version: role.body.data.version });
      expect(narrowed.status, JSON.stringify(narrowed.body)).to.equal(200);
    });

    it('answers 403 PERM_DENIED_403 on every operation that names a permission its owner lacks: a key never exceeds its owner', async () => {
      const wrong: string[] = [];
      const lacked = operations.filter((o) => !o.public && !o.loginOnly && !OWNED.some((held) => permissionGrants(held, o.permission!)));
      expect(lacked.length).to.be.greaterThan(100);
      for (const op of lacked) {
        const res = await call(op.method, op.path, key);
        if (res.status !== 403 || res.body.code !== 'PERM_DENIED_403') wrong.push(`${op.method.toUpperCase()} ${op.path}: ${res.status} ${res.body.code}`);
      }
      expect(wrong).to.deep.equal([]);
    });

    it('answers 401 on every protected operation once its owner is disabled (AUTH_TOKEN_REVOKED_401 where the kernel authenticates)', async () => {
      const disabled = await server.http().put(`/api/v1/users/${owner.id}`).set('Authorization', admin).send({ status: 'disabled', version: owner.version });
      expect(disabled.status, JSON.stringify(disabled.body)).to.equal(200);
      const wrong: string[] = [];
      for (const op of operations.filter((o) => !o.public)) {
        const res = await call(op.method, op.path, key);
        // Logout reads its bearer itself, as an access token: a key is not one (401 AUTH_TOKEN_INVALID_401).
        const expected = op.path === '/api/v1/auth/logout' ? 'AUTH_TOKEN_INVALID_401' : 'AUTH_TOKEN_REVOKED_401';
        if (res.status !== 401 || res.body.code !== expected) wrong.push(`${op.method.toUpperCase()} ${op.path}: ${res.status} ${res.body.code}`);
      }
      expect(wrong).to.deep.equal([]);
    });
  });
});
