import crypto from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { AccessTokens, bearerCredential, looksLikeJwt } from '../../modules/auth/access-token';
import { AppError } from '../../kernel/api';

const key = crypto.createSecretKey(crypto.randomBytes(48));
const tokens = new AccessTokens(key);
const TTL = 900;
const claims = {
  userId: '0190f5a4-7c2e-7000-8000-000000000001',
  sessionId: '0190f5a4-7c2e-7000-8000-000000000002',
  tenantId: '0190f5a4-7c2e-7000-8000-000000000003',
};

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('auth: access tokens', () => {
  it('carries sub, sid, a unique jti, iat, exp (the lifetime asked for) and iss, signed HS256', () => {
    const first = tokens.issue(claims, TTL, new Date('2030-01-01T00:00:00Z'));
    const second = tokens.issue(claims, TTL, new Date('2030-01-01T00:00:00Z'));
    const decoded = jwt.decode(first.token, { complete: true })!;
    expect(decoded.header).to.include({ alg: 'HS256', typ: 'JWT' });
    const payload = decoded.payload as jwt.JwtPayload;
    expect(payload).to.include({ sub: claims.userId, sid: claims.sessionId, tid: claims.tenantId, iss: 'atrium', iat: 1893456000, exp: 1893456900 });
    expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
    expect((jwt.decode(second.token) as jwt.JwtPayload).jti).to.not.equal(payload.jti);
    expect(first.expiresAt.toISOString()).to.equal('2030-01-01T00:15:00.000Z');
  });

  it('verifies its own tokens back to their claims', () => {
    expect(tokens.verify(tokens.issue(claims, TTL).token)).to.deep.equal(claims);
  });

  it('refuses another key, another algorithm, alg none and another issuer as AUTH_TOKEN_INVALID_401', () => {
    const payload = { sid: claims.sessionId, sub: claims.userId, iss: 'atrium' };
    const otherKey = jwt.sign(payload, 'a-guessed-secret-that-is-long-enough!!', { algorithm: 'HS256', expiresIn: 60 });
    const hs512 = jwt.sign(payload, key, { algorithm: 'HS512', expiresIn: 60 });
    const none = jwt.sign(payload, null, { algorithm: 'none', expiresIn: 60 });
    const issuer = jwt.sign({ ...payload, iss: 'elsewhere' }, key, { algorithm: 'HS256', expiresIn: 60 });
    for (const token of [otherKey, hs512, none, issuer]) expect(codeOf(() => tokens.verify(token))).to.equal('AUTH_TOKEN_INVALID_401');
  });

  it('refuses a token without sid as AUTH_TOKEN_INVALID_401', () => {
    const token = jwt.sign({ sub: claims.userId, iss: 'atrium' }, key, { algorithm: 'HS256', expiresIn: 60 });
    expect(codeOf(() => tokens.verify(token))).to.equal('AUTH_TOKEN_INVALID_401');
  });

  it('refuses an expired token as AUTH_TOKEN_EXPIRED_401, unless told to ignore expiry', () => {
    const { token } = tokens.issue(claims, TTL, new Date(Date.now() - 3600_000));
    expect(codeOf(() => tokens.verify(token))).to.equal('AUTH_TOKEN_EXPIRED_401');
    expect(tokens.verify(token, { ignoreExpiration: true })).to.deep.equal(claims);
  });

  it('tells JWTs (an empty signature included) from other credentials', () => {
    expect(looksLikeJwt(tokens.issue(claims, TTL).token)).to.equal(true);
    expect(looksLikeJwt('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')).to.equal(true);
    for (const other of ['fixture.eyJ1IjoiYSJ9', 'a.b.c.d', 'a..c', 'abc', 'a.b.c+']) expect(looksLikeJwt(other), other).to.equal(false);
  });

  it('reads the credential of a Bearer header only', () => {
    expect(bearerCredential('Bearer abc.def.ghi')).to.equal('abc.def.ghi');
    expect(bearerCredential('bearer abc')).to.equal('abc');
    expect(bearerCredential('Basic YTpi')).to.equal(undefined);
    expect(bearerCredential(undefined)).to.equal(undefined);
    expect(bearerCredential('Bearer ')).to.equal(undefined);
  });
});
