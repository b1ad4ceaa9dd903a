import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { moduleEnvironment } from '../../kernel/modules/module-environment';
import { loadJwtSecret } from '../../modules/auth/jwt-secret';
import type { ParamDefinition, Params } from '../../modules/params/api';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTH_PARAMS,
  AuthSettings,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../modules/auth/settings';

const environment = (variables: Record<string, string>, production = false) =>
  moduleEnvironment({ environment: production ? 'production' : 'test', production, background: true, variables });

describe('auth: settings', () => {
  /** params.Params over a map an operator changes: each read answers the value of the moment. */
  const paramsOf = (values: Map<string, unknown>): Params => ({
    get: async <T>(definition: ParamDefinition<T>) => (values.has(definition.key) ? values.get(definition.key) : definition.default) as T,
  });

  it('declares its limits and lifetimes as built-in params: 5 failures in 600 s, no captcha, 15-minute access and 7-day refresh tokens', () => {
    expect(AUTH_PARAMS.map(({ key, type, default: value, min, max }) => ({ key, type, value, min, max }))).to.deep.equal([
      { key: 'auth.login.maxFailures', type: 'integer', value: 5, min: 1, max: 1000 },
      { key: 'auth.login.windowSeconds', type: 'integer', value: 600, min: 1, max: 86400 },
      { key: 'auth.captcha.afterFailures', type: 'integer', value: 0, min: 0, max: 1000 },
      { key: 'auth.accessToken.ttlSeconds', type: 'integer', value: 900, min: 1, max: 86400 },
      { key: 'auth.refreshToken.ttlSeconds', type: 'integer', value: 604800, min: 60, max: 31536000 },
    ]);
  });

  it('reads the params at every call, so a change applies to the next login', async () => {
    const values = new Map<string, unknown>();
    const settings = new AuthSettings(paramsOf(values));
    expect(await settings.loginLimits()).to.deep.equal({ maxFailures: 5, windowSeconds: 600 });
    values.set(LOGIN_MAX_FAILURES.key, 2).set(LOGIN_WINDOW_SECONDS.key, 30).set(ACCESS_TOKEN_TTL_SECONDS.key, 60).set(REFRESH_TOKEN_TTL_SECONDS.key, 3600);
    expect(await settings.loginLimits()).to.deep.equal({ maxFailures: 2, windowSeconds: 30 });
    expect(await settings.accessTokenTtlSeconds()).to.equal(60);
    expect(await settings.refreshTokenTtlSeconds()).to.equal(3600);
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
