import path from 'node:path';
import { expect } from 'chai';
import { ADMIN_PASSWORD, adminLogin, secretsOf } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { operationFor, sql } from './helpers';

const PROBE = path.join(__dirname, 'fixtures', 'audit-probe');

/**
 * Credentials are sent everywhere a client can put them — bodies at any depth, headers, query
 * strings — and the raw rows of both audit tables are then searched for every one of them.
 */
describe('credentials in the audit log', () => {
  let server: TestServer;
  const secrets: string[] = [ADMIN_PASSWORD];
  const traces: string[] = [];
  let dump = '';

  before(async () => {
    server = await startTestServer({ modulePaths: [PROBE] });
    const first = await adminLogin(server);
    const refreshed = await server.http().post('/api/v1/auth/refresh').send({ refreshToken: first.refreshToken });
    expect(refreshed.status).to.equal(200);
    traces.push(refreshed.body.traceId);
    const tokens = { ...refreshed.body.data, bearer: `Bearer ${refreshed.body.data.accessToken as string}` };
    secrets.push(...secretsOf(first), ...secretsOf(tokens));

    const inBody = {
      password: 'body-password-1',
      nested: { deeper: [{ newPassword: 'body-password-2', apiKey: 'body-api-key' }], client_secret: 'body-client-secret' },
      signature: 'body-signature',
      token: 'body-token',
      note: tokens.accessToken,
      forwarded: tokens.bearer,
    };
    const query = 'token=query-token&signature=query-signature&access_token=query-access-token&key=query-key&sig=query-sig';
    secrets.push('body-password-1', 'body-password-2', 'body-api-key', 'body-client-secret', 'body-signature', 'body-token');
    secrets.push('query-token', 'query-signature', 'query-access-token', 'query-key', 'query-sig', 'cookie-session-value', 'header-api-key');

    const sent = await server
      .http()
      .post(`/api/v1/audit-probe/things?${query}`)
      .set('Authorization', tokens.bearer)
      .set('Cookie', 'session=cookie-session-value')
      .set('X-Api-Key', 'header-api-key')
      .send(inBody);
    expect(sent.status, JSON.stringify(sent.body)).to.equal(200);
    traces.push(sent.body.traceId);

    const refused = await server.http().get(`/api/v1/roles?${query}`).set('Authorization', 'Bearer not-a-token-but-secret-all-the-same');
    expect(refused.status).to.equal(401);
    secrets.push('not-a-token-but-secret-all-the-same');
    traces.push(refused.body.traceId);

    const loggedOut = await server.http().post('/api/v1/auth/logout').set('Authorization', tokens.bearer);
    expect(loggedOut.status).to.equal(200);
    traces.push(loggedOut.body.traceId);

    for (const trace of traces) await operationFor(server, trace);
    const rows = await sql<{ text: string }>(
      server,
      'select row_to_json(o)::text as text from audit_operation o union all select row_to_json(l)::text from audit_login l',
    );
    dump = rows.map((r) => r.text).join('\n');
  });
  after(() => server.stop());

  it('recorded every request sent', () => {
    for (const trace of traces) expect(dump).to.include(trace);
  });

  it('holds none of the passwords, tokens, signatures and keys sent', () => {
    const found = secrets.filter((secret) => dump.includes(secret));
    expect(found).to.deep.equal([]);
  });

  it('keeps the rest of the request: the body keys that are not credentials, the redacted query', async () => {
    const row = await operationFor(server, traces[1]);
    expect(row.body).to.deep.equal({ nested: { deeper: [{}] }, note: '[redacted]', forwarded: '[redacted]' });
    expect(row.path).to.equal('/api/v1/audit-probe/things?token=[redacted]&signature=[redacted]&access_token=[redacted]&key=[redacted]&sig=[redacted]');
  });
});
