import type { Request } from 'express';
import type { Strategy } from 'passport';
import type { AppError } from '../errors/app-error';
import { spi } from '../di/tokens';

/**
 * One way to prove who you are: a Passport strategy, which the kernel runs with `session: false`
 * in its authenticate step (Passport never owns the request nor keeps a session of its own). The
 * strategy calls `success(principal)` for a credential it accepts, `error(appError)` for one it
 * recognises and refuses (revoked, say), and `fail(challenge)` for a request that carries none of
 * its credentials — then the next strategy is asked.
 */
export interface Authenticator {
  /** The strategy's name, unique among the contributions: `jwt`, `api-key`. */
  name: string;
  strategy: Strategy;
  /**
   * Whether the request carries this strategy's kind of credential at all (a JWT-shaped bearer,
   * an `X-API-Key` header): only the strategies that say yes are run, so a request pays for its
   * own strategy rather than for every other one's failing. Without it the strategy always runs.
   */
  carries?(req: Request): boolean;
  /**
   * When every strategy failed, what this one's failure means: an error for a credential that
   * was its own but bad (a JWT that expired), undefined for one that was not its own.
   */
  refusal?(challenge: unknown): AppError | undefined;
}

/** Owned by the kernel, filled by the auth module (or any module that authenticates). */
export const AuthenticatorSpi = spi<Authenticator>('kernel.authenticator');
