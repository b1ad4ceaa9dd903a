import { expect } from 'chai';
import { eventually, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

const PASSWORD = 'tenant-audit-passphrase-1';

interface Operation {
  id: string;
  tenantId: string;
  traceId: string;
  path: string;
}

interface LoginRecord {
  tenantId: string;
  username: string;
  reason: string;
}

/** Audit records are each tenant's own: a tenant reads its own, platform administrators every tenant's, each record naming its tenant. */
describe('tenants: audit records', () => {
  let server: TestServer;
  let platform: Tokens;
  const tenants: Record<'a' | 'b', { id: string; chief: Tokens; postTrace: string }> = {} as never;

  before(async () => {
    server = await startTestServer();
    platform = await adminLogin(server);
    for (const code of ['a', 'b'] as const) {
      const { id, chief } = await createTenant(server, platform.bearer, `audit-${code}`, PASSWORD);
      expectError(
        await server
          .http()
          .post('/api/v1/auth/login')
          .send({ tenant: `audit-${code}`, username: 'chief', password: 'a-wrong-guess' }),
        401,
        'AUTH_INVALID_CREDENTIALS_401',
      );
      const post = await server
        .http()
        .post('/api/v1/posts')
        .set('Authorization', chief.bearer)
        .send({ code: `clerk-${code}`, name: `Clerk ${code}` });
      tenants[code] = { id, chief, postTrace: (expectSuccess(post, 201) as unknown as { traceId: string }).traceId };
    }
  });
  after(() => server?.stop());

  const get = (tokens: Tokens, path: string) => server.http().get(`/api/v1${path}`).set('Authorization', tokens.bearer);
  const operations = async (tokens: Tokens): Promise<Operation[]> =>
    (expectSuccess(await get(tokens, '/audit/operations?pageSize=200')).data as { items: Operation[] }).items;
  const logins = async (tokens: Tokens): Promise<LoginRecord[]> =>
    (expectSuccess(await get(tokens, '/audit/logins?pageSize=200')).data as { items: LoginRecord[] }).items;

  it("shows a tenant's administrator the operations of its own tenant only", async () => {
    const { a, b } = tenants;
    const seen = await eventually(async () => {
      const items = await operations(a.chief);
      return items.some((item) => item.traceId === a.postTrace) ? items : undefined;
    }, 5000);
    expect(new Set(seen.map((item) => item.tenantId))).to.deep.equal(new Set([a.id]));
    expect(seen.map((item) => item.traceId)).to.not.include(b.postTrace);
    const theirs = (await eventually(async () => (await operations(platform)).find((item) => item.traceId === b.postTrace), 5000))!;
    expectError(await get(a.chief, `/audit/operations/${theirs.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const csv = await get(a.chief, '/audit/operations/export?format=csv');
    expect(csv.status).to.equal(200);
    expect(csv.text).to.include(a.postTrace);
    expect(csv.text).to.not.include(b.postTrace);
  });

  it("shows a tenant's administrator the logins to its own tenant only, failed ones included", async () => {
    const { a } = tenants;
    const seen = await eventually(async () => {
      const items = await logins(a.chief);
      return items.some((item) => item.reason === 'invalid_credentials') ? items : undefined;
    }, 5000);
    expect(new Set(seen.map((item) => item.tenantId))).to.deep.equal(new Set([a.id]));
    expect(seen.map((item) => item.reason).sort()).to.include.members(['invalid_credentials', 'ok']);
  });

  it("shows the platform's administrator every tenant's records, each naming its tenant", async () => {
    const { a, b } = tenants;
    const all = await eventually(async () => {
      const items = await operations(platform);
      return [a.postTrace, b.postTrace].every((trace) => items.some((item) => item.traceId === trace)) ? items : undefined;
    }, 5000);
    expect(all.find((item) => item.traceId === a.postTrace)!.tenantId).to.equal(a.id);
    expect(all.find((item) => item.traceId === b.postTrace)!.tenantId).to.equal(b.id);
    const csv = await get(platform, `/audit/operations/export?format=csv&traceId=${a.postTrace}`);
    expect(csv.text.split('\r\n')[0].split(',')[2]).to.equal('Tenant');
    expect(csv.text.split('\r\n')[1].split(',')[2]).to.equal(a.id);
    const attempts = await logins(platform);
    expect(new Set(attempts.filter((item) => item.username === 'chief').map((item) => item.tenantId))).to.deep.equal(new Set([a.id, b.id]));
  });
});
