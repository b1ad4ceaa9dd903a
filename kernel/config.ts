import path from 'node:path';
import { repoRoot } from './paths';

/** The kernel's configuration, read from the environment once and validated. */
export interface KernelConfig {
  environment: string;
  production: boolean;
  /** Modules run background work (see ModuleEnvironment.background); the CLI turns it off. */
  background: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Extra module folders (MODULE_PATH, colon-separated), after the built-in `modules/`. */
  modulePaths: string[];
  /**
   * Where the generator writes the modules it makes (GENERATED_MODULES_DIR, default
   * `<DATA_DIR>/generated-modules`); always the last module root, so generated modules load at
   * every boot.
   */
  generatedModulesDir: string;
  redisUrl: string | undefined;
  logLevel: string;
  jsonBodyLimitBytes: number;
  rateLimit: { points: number; windowSeconds: number };
  /** Addresses whose X-Forwarded-For is believed (express `trust proxy`). */
  trustedProxies: string[];
  /** Origins allowed to call the API from a browser (CORS_ORIGINS, comma-separated); empty: CORS off. */
  corsOrigins: string[];
  /**
   * The built console served at `/` (CONSOLE_DIR, default `console/dist` under the repository);
   * a folder without index.html means no console, the API unaffected.
   */
  consoleDir: string;
  shutdownTimeoutMs: number;
  /** How often an idle event stream (GET /me/events) gets a heartbeat (EVENTS_HEARTBEAT_MS). */
  eventsHeartbeatMs: number;
  /**
   * Whether, without Redis, the event bus goes through the database's LISTEN/NOTIFY
   * (EVENT_BUS_DATABASE=on, the default) or stays in each process (off: behind a pooler in
   * transaction mode, where a LISTEN does not hold).
   */
  eventBusOverDatabase: boolean;
  /** Rows a list counts exactly at most before answering the planner's estimate (EXACT_COUNT_LIMIT). */
  exactCountLimit: number;
  /** The environment the configuration was read from: modules read their own settings in it. */
  variables: Readonly<Record<string, string | undefined>>;
}

/**
 * How many rows a list counts exactly, at most, per request (kernel/db/page-total.ts): counting
 * 50,000 index entries takes a few milliseconds, a million takes a few hundred. EXACT_COUNT_LIMIT
 * sets it per instance (0: always the estimate, which tests use to see one on a small table).
 * The default is here, with every other setting's, because configuration is read below the
 * database layer.
 */
export const EXACT_COUNT_LIMIT = 50_000;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * An integer setting: `fallback` when unset or empty, else the value if it is a whole number in
 * [min, max]; otherwise `problem` says so, naming the variable. The kernel's settings and the
 * modules' (`ModuleEnvironment.integer`) are read by this one rule.
 */
export function readInteger(name: string, raw: string | undefined, fallback: number, min: number, max: number): { value: number; problem?: string } {
  if (raw === undefined || raw === '') return { value: fallback };
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    return { value: fallback, problem: `${name}=${JSON.stringify(raw)} must be an integer from ${min} to ${max}` };
  }
  return { value };
}

/** GENERATED_MODULES_DIR's default: a folder of DATA_DIR. */
export function defaultGeneratedModulesDir(dataDir: string): string {
  return path.join(dataDir, 'generated-modules');
}

/** The values NODE_ENV may take, in any letter case; unset, it is `development`. */
export const ENVIRONMENTS = ['development', 'test', 'production'] as const;

/**
 * NODE_ENV's name, lower-cased. An unknown value (`prod`, `Production ` with its stray space) is
 * a problem, and is checked as production meanwhile: whoever wrote it most likely meant a
 * deployment, and the one refusal should also list what production would refuse.
 */
function environmentOf(raw: string | undefined, problems: string[]): string {
  if (raw === undefined || raw === '') return 'development';
  const name = raw.toLowerCase();
  if ((ENVIRONMENTS as readonly string[]).includes(name)) return name;
  problems.push(`NODE_ENV=${JSON.stringify(raw)} is not one of ${ENVIRONMENTS.join(', ')} (in any letter case, nothing around it)`);
  return 'production';
}

/** The message every refused configuration is reported with: one problem a line. */
export function configError(problems: readonly string[]): ConfigError {
  return new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** The configuration, or a ConfigError listing every problem with it. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): KernelConfig {
  const { config, problems } = inspectConfig(env);
  if (problems.length > 0) throw configError(problems);
  return config;
}

/**
 * The operator's secret every module's sealed values are derived from (SecretBox, each module
 * its own purpose). Optional — a module without it keeps a random key in its storage folder —
 * but when set it must be long enough for an AES-256 key; checked here, once, for every module.
 */
export const ENCRYPTION_KEY = 'ENCRYPTION_KEY';
const MIN_ENCRYPTION_KEY_BYTES = 32;

function encryptionKeyProblem(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || Buffer.byteLength(value, 'utf8') >= MIN_ENCRYPTION_KEY_BYTES) return undefined;
  return `${ENCRYPTION_KEY} is shorter than ${MIN_ENCRYPTION_KEY_BYTES} bytes: generate one with \`openssl rand -base64 48\``;
}

/**
 * The configuration and every problem found with it, for a boot that goes on to collect the
 * modules' problems with their own settings and report them all together (boot.ts). A setting
 * with a problem holds its fallback.
 */
export function inspectConfig(env: NodeJS.ProcessEnv = process.env): { config: KernelConfig; problems: string[] } {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const { value, problem } = readInteger(name, env[name], fallback, min, max);
    if (problem) problems.push(problem);
    return value;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      if (!protocols.includes(new URL(raw).protocol)) throw new Error();
    } catch {
      problems.push(`${name} must be a URL with one of the protocols ${protocols.join(' ')}`);
    }
    return raw;
  };
  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw !== 'on' && raw !== 'off') problems.push(`${name} must be on or off`);
    return raw === 'on' || (raw !== 'off' && fallback);
  };
  const list = (name: string, separator: string): string[] =>
    (env[name] ?? '')
      .split(separator)
      .map((s) => s.trim())
      .filter(Boolean);
  // Each an origin exactly as a browser sends it (`https://console.example.com`, a port when not
  // the default): anything else, a wildcard or a path included, would never match, or match too much.
  const origins = (name: string): string[] => {
    const values = list(name, ',');
    for (const value of values) {
      if (!/^https?:\/\/[^*]+$/.test(value) || URL.parse(value)?.origin !== value) {
        problems.push(
          `${name}: ${JSON.stringify(value)} is not an origin such as https://console.example.com (scheme, host and port only; no wildcard, path or trailing slash)`,
        );
      }
    }
    return values;
  };

  const environment = environmentOf(env.NODE_ENV, problems);
  const logLevel = env.LOG_LEVEL || (environment === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const sealing = encryptionKeyProblem(env[ENCRYPTION_KEY]);
  if (sealing) problems.push(sealing);

  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const config: KernelConfig = {
    environment,
    production: environment === 'production',
    background: true,
    // Loopback unless asked: a local instance's administrator has a well-known password.
    host: env.HOST || '127.0.0.1',
    port: integer('PORT', 3000, 0, 65535),
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 200),
    modulePaths: list('MODULE_PATH', ':').map((p) => path.resolve(p)),
    generatedModulesDir: env.GENERATED_MODULES_DIR ? path.resolve(env.GENERATED_MODULES_DIR) : defaultGeneratedModulesDir(dataDir),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    logLevel,
    jsonBodyLimitBytes: integer('JSON_BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    rateLimit: {
      points: integer('RATE_LIMIT_POINTS', 1200, 1, 1_000_000),
      windowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    },
    trustedProxies: list('TRUSTED_PROXIES', ','),
    corsOrigins: origins('CORS_ORIGINS'),
    consoleDir: env.CONSOLE_DIR ? path.resolve(env.CONSOLE_DIR) : path.join(repoRoot, 'console', 'dist'),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    eventsHeartbeatMs: integer('EVENTS_HEARTBEAT_MS', 15_000, 100, 300_000),
    eventBusOverDatabase: onOff('EVENT_BUS_DATABASE', true),
    exactCountLimit: integer('EXACT_COUNT_LIMIT', EXACT_COUNT_LIMIT, 0, 1_000_000_000),
    variables: Object.freeze({ ...env }),
  };
  return { config, problems };
}
