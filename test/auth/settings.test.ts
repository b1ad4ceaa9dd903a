import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadJwtSecret } from '../../modules/auth/jwt-secret';
import { readSettings } from '../../modules/auth/settings';

const environment = (variables: Record<string, string>, production = false) => ({
  name: production ? 'production' : 'test',
  production,
  variable: (name: string) => variables[name],
});

describe('auth: settings', () => {
  it('defaults to 5 failures in 600 s, 15-minute access and 7-day refresh tokens', () => {
    expect(readSettings(environment({}))).to.deep.equal({
      loginMaxFailures: 5,
      loginWindowSeconds: 600,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 604800,
      redisUrl: undefined,
    });
  });

  it('reads each setting from the environment', () => {
    const settings = readSettings(environment({
      AUTH_LOGIN_MAX_FAILURES: '3',
      AUTH_LOGIN_WINDOW_SECONDS: '2',
      AUTH_ACCESS_TOKEN_TTL_SECONDS: '1',
      AUTH_REFRESH_TOKEN_TTL_SECONDS: '3600',
      REDIS_URL: 'redis://localhost:6379',
    }));
    expect(settings).to.deep.equal({ loginMaxFailures: 3, loginWindowSeconds: 2, accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 3600, redisUrl: 'redis://localhost:6379' });
  });

  it('refuses every bad value at once, naming each variable', () => {
    expect(() => readSettings(environment({ AUTH_LOGIN_MAX_FAILURES: '0', AUTH_ACCESS_TOKEN_TTL_SECONDS: 'soon' })))
      .to.throw(/AUTH_LOGIN_MAX_FAILURES="0" must be an integer from 1 to 1000[\s\S]*AUTH_ACCESS_TOKEN_TTL_SECONDS="soon"/);
  });
});

describe('auth: the JWT secret', () => {
  let dir: string;
  const storage = () => ({ dir, path: (relative: string) => path.join(dir, relative) });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-auth-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uses JWT_SECRET when it is set', () => {
    const secret = 'x'.repeat(32);
    const key = loadJwtSecret(environment({ JWT_SECRET: secret }, true), storage());
    expect(key.export().toString('utf8')).to.equal(secret);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('refuses a JWT_SECRET shorter than 32 bytes, in production and elsewhere', () => {
    for (const production of [true, false]) {
      expect(() => loadJwtSecret(environment({ JWT_SECRET: 'x'.repeat(31) }, production), storage())).to.throw(/JWT_SECRET is shorter than 32 bytes/);
    }
  });

  it('refuses to run in production without JWT_SECRET', () => {
    expect(() => loadJwtSecret(environment({}, true), storage())).to.throw(/JWT_SECRET is not set/);
  });

  it('makes a 48-byte secret once, readable by its owner only, and reads it back', () => {
    const first = loadJwtSecret(environment({}), storage());
    const file = path.join(dir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
    expect(first.symmetricKeySize).to.equal(48);
    const second = loadJwtSecret(environment({}), storage());
    expect(second.export().equals(first.export())).to.equal(true);
    expect(fs.readdirSync(dir)).to.deep.equal(['jwt-secret']);
  });
});
