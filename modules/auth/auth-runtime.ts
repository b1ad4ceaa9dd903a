import type { ModuleContext } from '@atrium/kernel';
import { TREE_CHANGED } from '@atrium/module/departments';
import { ROLE_CHANGED } from '@atrium/module/roles';
import { AccessTokens } from './access-token';
import { Captchas } from './captchas';
import { loadJwtSecret } from './jwt-secret';
import { LoginLimiter } from './login-limiter';
import { Principals } from './principals';
import { SessionService } from './session.service';
import { readSettings, type AuthSettings } from './settings';

/** Expired sessions and refresh tokens are deleted this often. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** What auth assembles at start() from its settings and secret, for its routes and contributions. */
export interface AuthRuntime {
  settings: AuthSettings;
  tokens: AccessTokens;
  sessions: SessionService;
  principals: Principals;
  limiter: LoginLimiter;
  captchas: Captchas;
  stop(): Promise<void>;
}

/** The module's state (what setupAuth returned), for its routes and contributions. */
export function authRuntime(ctx: ModuleContext): AuthRuntime {
  return ctx.state as AuthRuntime;
}

/**
 * Reads the JWT secret (a bad one stops the boot with a message saying what to set) and the
 * settings (the limits and lifetimes are params, read when needed), makes the login counters
 * (the kernel cache's, shared through Redis when configured), and drops cached callers whenever
 * a role or the department tree changes.
 */
export function setupAuth(ctx: ModuleContext): AuthRuntime {
  const settings = readSettings(ctx);
  const tokens = new AccessTokens(loadJwtSecret(ctx.environment, ctx.storage));
  const sessions = new SessionService(ctx.db, ctx.events, () => settings.refreshTokenTtlSeconds());
  const principals = new Principals(ctx, sessions);
  const limiter = new LoginLimiter(() => settings.loginLimits(), ctx.cache);
  const forgetAll = () => principals.forgetAll();
  const unsubscribe = [ctx.events.subscribe(`roles.${ROLE_CHANGED}`, forgetAll), ctx.events.subscribe(`departments.${TREE_CHANGED}`, forgetAll)];
  const purge = setInterval(() => {
    sessions.purgeExpired().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not purge expired sessions'));
  }, PURGE_EVERY_MS);
  purge.unref();
  return {
    settings,
    tokens,
    sessions,
    principals,
    limiter,
    captchas: new Captchas(ctx.db),
    async stop() {
      clearInterval(purge);
      for (const off of unsubscribe) off();
    },
  };
}
