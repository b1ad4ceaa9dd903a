import { expect } from 'chai';
import { tokenFor, type TestServer } from '../support/server';
import { expectError, expectSuccess, requestLine, startEchoServer } from './helpers';

/** Unique strings: if one appears anywhere in the raw log output, a secret leaked. */
const SECRET = {
  bearer: tokenFor('leaky-user-7f3a', ['*:*:*']),
  cookie: 'sid=COOKIE-9d2e41',
  password: 'PASSWORD-b81c77',
  bodyToken: 'BODYTOKEN-4e0d19',
  signature: 'SIGNATURE-a5c3f0',
  querySig: 'QUERYSIG-63b2aa',
  queryToken: 'QUERYTOKEN-e71d05',
  encodedToken: 'ENCODEDTOKEN-0c9b88',
  queryPassword: 'QUERYPASSWORD-5f6e21',
};

describe('HTTP logs and secrets', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer({ captureLogs: true });
  });
  after(() => server.stop());

  /** Sends a request whose handler logs its headers, query and body, then the lines it caused. */
  async function logged(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ traceId: string; lines: string }> {
    const before = server.rawLogs().length;
    let request = server.http().post(path);
    for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
    const res = await request.send(body as object);
    const traceId = (res.body as { traceId: string }).traceId;
    await requestLine(server, traceId);
    return { traceId, lines: server.rawLogs().slice(before) };
  }

  it('never logs the Authorization header value, even when a handler logs its headers', async () => {
    const { lines } = await logged('/api/v1/echo/log', { message: 'hi' }, { Authorization: SECRET.bearer });
    expect(lines).to.include('echo handler received a message');
    expect(lines).to.include('"authorization":"[redacted]"');
    expect(lines).to.not.include(SECRET.bearer.slice('Bearer '.length));
  });

  it('never logs a cookie', async () => {
    const { lines } = await logged('/api/v1/echo/log', { message: 'hi' }, { Cookie: SECRET.cookie });
    expect(lines).to.include('"cookie":"[redacted]"');
    expect(lines).to.not.include('COOKIE-9d2e41');
  });

  it('never logs a password, token or signature from a JSON body, top level or nested', async () => {
    const { lines } = await logged('/api/v1/echo/log', {
      message: 'hi',
      password: SECRET.password,
      credentials: { token: SECRET.bodyToken, signature: SECRET.signature },
    });
    expect(lines).to.include('echo handler received a message');
    for (const secret of [SECRET.password, SECRET.bodyToken, SECRET.signature]) expect(lines).to.not.include(secret);
  });

  it("never logs sig or token from a query string, in the request line or the handler's", async () => {
    const { traceId, lines } = await logged(`/api/v1/echo/log?sig=${SECRET.querySig}&token=${SECRET.queryToken}`, { message: 'hi' });
    expect(lines).to.include('echo handler received a message');
    expect((await requestLine(server, traceId)).url).to.equal('/api/v1/echo/log?sig=[redacted]&token=[redacted]');
    for (const secret of [SECRET.querySig, SECRET.queryToken]) expect(lines).to.not.include(secret);
  });

  it('never logs a credential from a query string the route refused, however its name is spelt or encoded', async () => {
    const query = `password=${SECRET.queryPassword}&%74oken=${SECRET.encodedToken}&Access_Token=${SECRET.queryToken}`;
    const before = server.rawLogs().length;
    const res = await server.http().post(`/api/v1/echo/log?${query}`).send({ message: 'hi' });
    const { traceId } = expectError(res, 400, 'VALIDATION_FAILED_400');
    await requestLine(server, traceId);
    const lines = server.rawLogs().slice(before);
    for (const secret of [SECRET.queryPassword, SECRET.encodedToken, SECRET.queryToken]) expect(lines).to.not.include(secret);
  });

  it('never logs the credential of a request whose token is refused', async () => {
    const garbled = 'Bearer fixture.GARBLED-SECRET-d00d';
    const before = server.rawLogs().length;
    const res = await server.http().get('/api/v1/echo/items').set('Authorization', garbled);
    const { traceId } = expectError(res, 401, 'AUTH_TOKEN_INVALID_401');
    await requestLine(server, traceId);
    expect(server.rawLogs().slice(before)).to.not.include('GARBLED-SECRET-d00d');
  });

  it('keeps what is not secret: the handler sees its input and the log line keeps the message', async () => {
    const res = await server.http().post('/api/v1/echo/log').send({ message: 'visible-message-1234' });
    const { traceId } = expectSuccess(res) as { traceId: string };
    await requestLine(server, traceId);
    const line = server.logs.find((l) => l.traceId === traceId && l.msg === 'echo handler received a message')!;
    expect((line.body as { message: string }).message).to.equal('visible-message-1234');
  });
});
