import { expect } from 'chai';
import type { Request } from 'express';
import { Strategy } from 'passport-strategy';
import { AppError } from '../../kernel/errors/app-error';
import { KernelErrors } from '../../kernel/errors/kernel-errors';
import { authenticateRequest } from '../../kernel/auth/authenticate';
import { AuthenticatorSpi, type Authenticator } from '../../kernel/auth/authenticator';
import { credentialStrategy } from '../../kernel/auth/credential-strategy';
import type { Principal } from '../../kernel/auth/principal';
import type { SpiToken } from '../../kernel/di/tokens';

const principal = (userId: string): Principal => ({ userId, username: userId, permissions: [] });
const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as Request;

/** The registry as the authenticate step reads it: the enabled kernel.authenticator contributions. */
function registryOf(authenticators: Authenticator[]) {
  return {
    contributions<T>(token: SpiToken<T>): T[] {
      expect(token.name).to.equal(AuthenticatorSpi.name);
      return authenticators as T[];
    },
  };
}

/** A strategy taking `Bearer <secret>` for `userId`, as any Passport strategy would be written. */
class SecretStrategy extends Strategy {
  constructor(
    readonly name: string,
    private readonly secret: string,
    private readonly userId: string,
  ) {
    super();
  }

  override authenticate(req: Request): void {
    const header = req.headers.authorization;
    if (header === `Bearer ${this.secret}`) return this.success(principal(this.userId));
    if (header === `Bearer ${this.secret}-old`) return this.fail(new Error('stale'), 401);
    this.fail(401);
  }
}

const secretAuthenticator = (name: string, secret: string, userId: string, stale?: AppError): Authenticator => ({
  name,
  strategy: new SecretStrategy(name, secret, userId),
  ...(stale ? { refusal: (challenge: unknown) => (challenge instanceof Error && challenge.message === 'stale' ? stale : undefined) } : {}),
});

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as AppError).definition?.code;
  }
  throw new Error('authenticated');
};

/**
 * The kernel's authenticate step runs the contributions as Passport strategies: any strategy
 * written for Passport, or one from credentialStrategy, in load order, the first success
 * deciding; an error refuses at once; when all fail, a strategy's own refusal, else missing or
 * invalid.
 */
describe('kernel: the authenticate step runs Passport strategies', () => {
  it('answers the principal of the first strategy that takes the credential, asking them in order', async () => {
    const registry = registryOf([secretAuthenticator('first', 'one', 'u1'), secretAuthenticator('second', 'two', 'u2')]);
    expect((await authenticateRequest(registry, request('Bearer one'))).userId).to.equal('u1');
    expect((await authenticateRequest(registry, request('Bearer two'))).userId).to.equal('u2');
  });

  it('is missing without an Authorization header, invalid with one nobody takes, and missing while no strategy is installed', async () => {
    const registry = registryOf([secretAuthenticator('first', 'one', 'u1')]);
    expect(await refusalOf(authenticateRequest(registry, request()))).to.equal('AUTH_TOKEN_MISSING_401');
    expect(await refusalOf(authenticateRequest(registry, request('Bearer nobody')))).to.equal('AUTH_TOKEN_INVALID_401');
    expect(await refusalOf(authenticateRequest(registryOf([]), request('Bearer one')))).to.equal('AUTH_TOKEN_MISSING_401');
  });

  it('answers what a strategy says its failure meant, when every strategy failed', async () => {
    const expired = new AppError(KernelErrors.AUTH_TOKEN_EXPIRED_401);
    const registry = registryOf([secretAuthenticator('plain', 'zero', 'u0'), secretAuthenticator('named', 'one', 'u1', expired)]);
    expect(await refusalOf(authenticateRequest(registry, request('Bearer one-old')))).to.equal('AUTH_TOKEN_EXPIRED_401');
    expect(await refusalOf(authenticateRequest(registry, request('Bearer zero-old')))).to.equal('AUTH_TOKEN_INVALID_401');
  });

  it('refuses at once with the error a credentialStrategy throws, and passes on when it answers null', async () => {
    const revoked = credentialStrategy('revoking', async (req) => {
      if (req.headers.authorization === 'Bearer revoked') throw new AppError(KernelErrors.AUTH_TOKEN_REVOKED_401);
      return null;
    });
    const registry = registryOf([{ name: 'revoking', strategy: revoked }, secretAuthenticator('later', 'revoked', 'u9')]);
    expect(await refusalOf(authenticateRequest(registry, request('Bearer revoked')))).to.equal('AUTH_TOKEN_REVOKED_401');
    const passing = registryOf([{ name: 'revoking', strategy: revoked }, secretAuthenticator('later', 'fine', 'u9')]);
    expect((await authenticateRequest(passing, request('Bearer fine'))).userId).to.equal('u9');
  });

  it("runs only the strategies whose credential the request carries, and none when it carries no one's", async () => {
    const asked: string[] = [];
    const counted = (name: string, prefix: string): Authenticator => ({
      name,
      strategy: credentialStrategy(name, async (req) => {
        asked.push(name);
        return req.headers.authorization === `Bearer ${prefix}-good` ? principal(name) : null;
      }),
      carries: (req) => req.headers.authorization?.startsWith(`Bearer ${prefix}-`) === true,
    });
    const registry = registryOf([counted('jwt-like', 'jwt'), counted('key-like', 'key')]);
    expect((await authenticateRequest(registry, request('Bearer key-good'))).userId).to.equal('key-like');
    expect(asked).to.deep.equal(['key-like']);
    expect(await refusalOf(authenticateRequest(registry, request('Bearer other')))).to.equal('AUTH_TOKEN_INVALID_401');
    expect(await refusalOf(authenticateRequest(registry, request()))).to.equal('AUTH_TOKEN_MISSING_401');
    expect(asked).to.deep.equal(['key-like']);
  });

  it('keeps concurrent requests apart (each runs its own copy of a strategy)', async () => {
    const slow = credentialStrategy('slow', async (req) => {
      await new Promise((resolve) => setTimeout(resolve, req.headers.authorization === 'Bearer a' ? 30 : 1));
      return principal(req.headers.authorization!.slice('Bearer '.length));
    });
    const registry = registryOf([{ name: 'slow', strategy: slow }]);
    const [a, b] = await Promise.all([authenticateRequest(registry, request('Bearer a')), authenticateRequest(registry, request('Bearer b'))]);
    expect([a.userId, b.userId]).to.deep.equal(['a', 'b']);
  });
});
