import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { expectError, expectSuccess } from '../http/helpers';
import { adminLogin, expectNotLogged, secretsOf, setParam, type Tokens } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

/** The key the server generated for itself (no JWT_SECRET): forging with it isolates one check at a time. */
function serverKey(server: TestServer): crypto.KeyObject {
  const stored = fs.readFileSync(path.join(server.dataDir, 'modules', 'auth', 'jwt-secret'), 'utf8');
  return crypto.createSecretKey(Buffer.from(stored.trim(), 'base64url'));
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('auth: access tokens on the wire', () => {
  let server: TestServer;
  let admin: Tokens;
  let claims: jwt.JwtPayload;

  before(async () => {
    server = await startTestServer({ captureLogs: true });
    admin = await adminLogin(server);
    claims = jwt.decode(admin.accessToken) as jwt.JwtPayload;
  });
  after(() => server?.stop());

  const sessions = (authorization: string) => server.http().get('/api/v1/system/sessions').set('Authorization', authorization);

  it('lets the token through', async () => {
    expectSuccess(await sessions(admin.bearer));
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a token whose payload was tampered with', async () => {
    const [header, payload, signature] = admin.accessToken.split('.');
    // Flip one character of the payload: the signature no longer matches it.
    const flipped = payload.slice(0, 10) + (payload[10] === 'A' ? 'B' : 'A') + payload.slice(11);
    expectError(await sessions(`Bearer ${header}.${flipped}.${signature}`), 401, 'AUTH_TOKEN_INVALID_401');
    const widened = base64url({ ...claims, sub: crypto.randomUUID() });
    expectError(await sessions(`Bearer ${header}.${widened}.${signature}`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a token re-signed with a guessed secret', async () => {
    for (const guess of ['secret', 'atrium', 'admin-local-only', 'changeme-changeme-changeme-changeme']) {
      const forged = jwt.sign({ sid: claims.sid }, guess, { algorithm: 'HS256', subject: claims.sub, issuer: 'atrium', expiresIn: 600 });
      expectError(await sessions(`Bearer ${forged}`), 401, 'AUTH_TOKEN_INVALID_401');
    }
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to alg none, and to another algorithm with the right key', async () => {
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    expectError(await sessions(`Bearer ${none}`), 401, 'AUTH_TOKEN_INVALID_401');
    const hs512 = jwt.sign({ sid: claims.sid }, serverKey(server), { algorithm: 'HS512', subject: claims.sub, issuer: 'atrium', expiresIn: 600 });
    expectError(await sessions(`Bearer ${hs512}`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a well-signed token without exp', async () => {
    const endless = jwt.sign({ sid: claims.sid }, serverKey(server), { algorithm: 'HS256', subject: claims.sub, issuer: 'atrium' });
    expect(jwt.decode(endless)).to.not.have.property('exp');
    expectError(await sessions(`Bearer ${endless}`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a well-signed token issued beyond the clock skew in the future, or without iat', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (times: object, noTimestamp = false) =>
      jwt.sign({ sid: claims.sid, ...times }, serverKey(server), { algorithm: 'HS256', subject: claims.sub, issuer: 'atrium', noTimestamp });
    expectError(await sessions(`Bearer ${sign({ iat: now + 3600, exp: now + 7200 })}`), 401, 'AUTH_TOKEN_INVALID_401');
    expectError(await sessions(`Bearer ${sign({ exp: now + 600 }, true)}`), 401, 'AUTH_TOKEN_INVALID_401');
    // An instance whose clock runs a few seconds ahead issued this one: it is let through.
    expectSuccess(await sessions(`Bearer ${sign({ iat: now + 5, exp: now + 600 })}`));
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a well-signed token whose nbf is not reached', async () => {
    const now = Math.floor(Date.now() / 1000);
    const early = jwt.sign({ sid: claims.sid, iat: now, nbf: now + 3600, exp: now + 7200 }, serverKey(server), {
      algorithm: 'HS256',
      subject: claims.sub,
      issuer: 'atrium',
    });
    expectError(await sessions(`Bearer ${early}`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a token of another issuer, even signed with the right key', async () => {
    const other = jwt.sign({ sid: claims.sid }, serverKey(server), { algorithm: 'HS256', subject: claims.sub, issuer: 'elsewhere', expiresIn: 600 });
    expectError(await sessions(`Bearer ${other}`), 401, 'AUTH_TOKEN_INVALID_401');
    const noIssuer = jwt.sign({ sid: claims.sid }, serverKey(server), { algorithm: 'HS256', subject: claims.sub, expiresIn: 600 });
    expectError(await sessions(`Bearer ${noIssuer}`), 401, 'AUTH_TOKEN_INVALID_401');
  });

  it('answers 401 AUTH_TOKEN_EXPIRED_401 to a well-signed token past its exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const lapsed = jwt.sign({ sid: claims.sid, iat: now - 1000, exp: now - 100 }, serverKey(server), {
      algorithm: 'HS256',
      subject: claims.sub,
      issuer: 'atrium',
    });
    expectError(await sessions(`Bearer ${lapsed}`), 401, 'AUTH_TOKEN_EXPIRED_401');
  });

  it('answers 401 AUTH_TOKEN_REVOKED_401 to a well-signed token of a session that does not exist', async () => {
    const orphan = jwt.sign({ sid: crypto.randomUUID() }, serverKey(server), { algorithm: 'HS256', subject: claims.sub, issuer: 'atrium', expiresIn: 600 });
    expectError(await sessions(`Bearer ${orphan}`), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('answers 401 AUTH_TOKEN_REVOKED_401 to a session of another user than the token names', async () => {
    const borrowed = jwt.sign({ sid: claims.sid }, serverKey(server), { algorithm: 'HS256', subject: crypto.randomUUID(), issuer: 'atrium', expiresIn: 600 });
    expectError(await sessions(`Bearer ${borrowed}`), 401, 'AUTH_TOKEN_REVOKED_401');
  });

  it('answers 401 AUTH_TOKEN_INVALID_401 to a credential that is no token at all, and AUTH_TOKEN_MISSING_401 to none', async () => {
    expectError(await sessions('Bearer not-a-token'), 401, 'AUTH_TOKEN_INVALID_401');
    expectError(await sessions('Basic YWRtaW46YWRtaW4='), 401, 'AUTH_TOKEN_INVALID_401');
    expectError(await server.http().get('/api/v1/system/sessions'), 401, 'AUTH_TOKEN_MISSING_401');
  });

  it("leaves credentials that are not JWTs to other authenticators (the test fixture's)", async () => {
    expectSuccess(await sessions(ADMIN));
  });

  it('never writes a token to the log', () => {
    expectNotLogged(server, secretsOf(admin));
  });
});

describe('auth: access tokens that expire', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await setParam(server, 'auth.accessToken.ttlSeconds', '1');
  });
  after(() => server?.stop());

  it('answers 401 AUTH_TOKEN_EXPIRED_401 once the lifetime has passed; the refresh token still gives a new pair', async () => {
    const tokens = await adminLogin(server);
    expect(tokens.expiresIn).to.equal(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expectError(await server.http().get('/api/v1/me').set('Authorization', tokens.bearer), 401, 'AUTH_TOKEN_EXPIRED_401');
    const refreshed = await server.http().post('/api/v1/auth/refresh').send({ refreshToken: tokens.refreshToken });
    const fresh = expectSuccess(refreshed).data as { accessToken: string; expiresAt: string };
    expect(fresh.accessToken).to.not.equal(tokens.accessToken);
    expect(Date.parse(fresh.expiresAt)).to.be.greaterThan(Date.parse(tokens.expiresAt));
  });

  it('still logs out with an expired access token, ending the session', async () => {
    const tokens = await adminLogin(server);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expectSuccess(await server.http().post('/api/v1/auth/logout').set('Authorization', tokens.bearer));
    expectError(await server.http().post('/api/v1/auth/refresh').send({ refreshToken: tokens.refreshToken }), 401, 'AUTH_TOKEN_REVOKED_401');
  });
});
