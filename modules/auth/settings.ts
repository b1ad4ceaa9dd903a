import type { ModuleEnvironment } from '@atrium/kernel';

/** Auth's settings, read from the environment once at start. */
export interface AuthSettings {
  loginMaxFailures: number;
  loginWindowSeconds: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Shares login attempt counters between instances when set. */
  redisUrl: string | undefined;
}

const DAY = 24 * 60 * 60;

/** Reads and checks every setting, and throws one Error naming each bad one. */
export function readSettings(environment: ModuleEnvironment): AuthSettings {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = environment.variable(name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${JSON.stringify(raw)} must be an integer from ${min} to ${max}`);
    }
    return value;
  };
  const settings: AuthSettings = {
    loginMaxFailures: integer('AUTH_LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginWindowSeconds: integer('AUTH_LOGIN_WINDOW_SECONDS', 600, 1, DAY),
    accessTokenTtlSeconds: integer('AUTH_ACCESS_TOKEN_TTL_SECONDS', 900, 1, DAY),
    refreshTokenTtlSeconds: integer('AUTH_REFRESH_TOKEN_TTL_SECONDS', 7 * DAY, 60, 365 * DAY),
    redisUrl: environment.variable('REDIS_URL') || undefined,
  };
  if (problems.length > 0) throw new Error(`auth settings are invalid:\n  ${problems.join('\n  ')}`);
  return settings;
}
