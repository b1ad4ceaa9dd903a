import { expect } from 'chai';
import { openEventStream } from '../support/event-stream';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The authorisation matrix, generated from the live catalog: every operation that is not declared
 * public answers 401 without a token and 403 to a logged-in user who holds no role. A route that
 * joins the catalog without that holding fails this test, whoever wrote it.
 */
describe('the authorisation matrix of every catalogued operation', () => {
  let server: TestServer;
  let operations: Array<{ method: string; path: string; public: boolean; loginOnly: boolean; stream: boolean }>;
  let nobody: string;

  before(async () => {
    server = await startTestServer({ withoutAuth: true });
    const admin = await login('admin', 'admin-local-only');
    const doc = await server.http().get('/v3/api-docs').set('Authorization', admin);
    expect(doc.status).to.equal(200);
    type Operation = { security: unknown[]; 'x-authenticated-only'?: boolean; responses?: Record<string, { content?: Record<string, unknown> }> };
    const paths = doc.body.paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        method,
        path,
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
});
