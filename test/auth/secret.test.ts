import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { storageCapability } from '../../kernel/modules/module-storage';
import { MIN_SECRET_GUESSES_LOG10 } from '../../modules/auth/secret-strength';
import { StrongSecretMemo } from '../../modules/auth/strong-secret-memo';
import { expectError, expectSuccess } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { adminLogin, login } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';

const secretFile = (server: TestServer) => path.join(server.dataDir, 'modules', 'auth', 'jwt-secret');

async function bootRefusal(env: NodeJS.ProcessEnv): Promise<Error> {
  try {
    const server = await startTestServer({ env });
    await server.stop();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the server started');
}

describe('auth: the JWT secret', () => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    await database?.cleanup();
    server = undefined;
    database = undefined;
  });

  it('is generated once, readable by its owner only, and reused after a restart: tokens outlive it', async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database });
    const tokens = await adminLogin(server);
    const stored = fs.readFileSync(secretFile(server), 'utf8');
    expect(Buffer.from(stored, 'base64url')).to.have.length(48);
    expect(fs.statSync(secretFile(server)).mode & 0o777).to.equal(0o600);
    await server.stop();

    server = await startTestServer({ database });
    expect(fs.readFileSync(secretFile(server), 'utf8')).to.equal(stored);
    expectSuccess(await server.http().get('/api/v1/me').set('Authorization', tokens.bearer));
  });

  it('is JWT_SECRET when it is set: nothing is stored, and another secret after a restart refuses the old tokens', async () => {
    database = await createTestDatabase();
    const first = 'first-secret-of-at-least-32-bytes-long';
    server = await startTestServer({ database, env: { NODE_ENV: 'test', JWT_SECRET: first } });
    const tokens = await adminLogin(server);
    expect(() => jwt.verify(tokens.accessToken, first, { algorithms: ['HS256'] })).to.not.throw();
    expect(fs.existsSync(secretFile(server))).to.equal(false);
    await server.stop();

    server = await startTestServer({ database, env: { NODE_ENV: 'test', JWT_SECRET: 'second-secret-of-at-least-32-bytes-long' } });
    expectError(await server.http().get('/api/v1/me').set('Authorization', tokens.bearer), 401, 'AUTH_TOKEN_INVALID_401');
  });
});

describe('auth: settings a server refuses to start with', () => {
  const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-deployed-admin-password' };

  it('refuses production without JWT_SECRET', async () => {
    expect((await bootRefusal(production)).message).to.match(/JWT_SECRET is not set/);
  });

  it('refuses a JWT_SECRET shorter than 32 bytes, in production and locally', async () => {
    const short = 'x'.repeat(31);
    expect((await bootRefusal({ ...production, JWT_SECRET: short })).message).to.match(/JWT_SECRET is shorter than 32 bytes/);
    expect((await bootRefusal({ NODE_ENV: 'test', JWT_SECRET: short })).message).to.match(/JWT_SECRET is shorter than 32 bytes/);
  });

  for (const [kind, secret] of [
    ['one repeated character', 'x'.repeat(64)],
    ['a short repeated pattern', 'abc123'.repeat(8)],
    ['a dictionary word padded', `password${'!'.repeat(40)}`],
    ['a keyboard walk and a sequence', 'qwertyuiopasdfghjkl0123456789abcdef'],
  ]) {
    it(`refuses in production a JWT_SECRET that is ${kind}, saying how to make a good one`, async () => {
      const { message } = await bootRefusal({ ...production, JWT_SECRET: secret });
      expect(message).to.include('auth: JWT_SECRET is guessable');
      expect(message).to.include('openssl rand -base64 48');
      expect(message).to.include("require('crypto').randomBytes(48).toString('base64')");
      expect(message, 'the message never repeats the secret').not.to.include(secret);
    });
  }

  it('starts in production with a long random JWT_SECRET', async () => {
    const server = await startTestServer({ env: { ...production, JWT_SECRET: crypto.randomBytes(48).toString('base64') } });
    try {
      await login(server, 'admin', production.ADMIN_PASSWORD);
      expect(fs.existsSync(secretFile(server))).to.equal(false);
    } finally {
      await server.stop();
    }
  });

  describe('a JWT_SECRET found strong is remembered, so a production start estimates it once', () => {
    let database: TestDatabase;
    beforeEach(async () => (database = await createTestDatabase()));
    afterEach(() => database.cleanup());
    const memoFile = () => path.join(database.dataDir, 'modules', 'auth', 'jwt-secret-strength');
    const start = async (secret: string) => (await startTestServer({ database, env: { ...production, JWT_SECRET: secret } })).stop();

    it('keeps an HMAC of it, never the secret, readable by its owner only', async () => {
      const secret = crypto.randomBytes(48).toString('base64');
      await start(secret);
      const kept = fs.readFileSync(memoFile());
      expect(kept).to.have.length(32);
      expect(kept.toString('latin1')).not.to.include(secret);
      expect(fs.statSync(memoFile()).mode & 0o777).to.equal(0o600);
      await start(secret);
      expect(fs.readFileSync(memoFile())).to.deep.equal(kept);
    });

    it('trusts what it remembered for that secret only: another secret is estimated (and refused) again', async () => {
      const weak = 'abc123'.repeat(8);
      // As if an earlier start had found it strong: the start takes the memo's word for it.
      new StrongSecretMemo(storageCapability(database.dataDir, 'auth'), MIN_SECRET_GUESSES_LOG10).remember(weak);
      await start(weak);
      const refusal = await start('def456'.repeat(8)).then(
        () => expect.fail('the server started'),
        (error: Error) => error,
      );
      expect(refusal.message).to.include('auth: JWT_SECRET is guessable');
    });
  });
});
