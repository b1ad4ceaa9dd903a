/**
 * Atrium in a process of its own, as production runs it: `kernel/main.ts` with NODE_ENV=production,
 * a real ADMIN_PASSWORD and JWT_SECRET, pino at `info` to stdout (which goes to /dev/null), and a
 * rate limit out of reach (a million requests a second), so the counter runs but never refuses.
 */
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET } from './support';
import { startServer, type ServerProcess } from './server-process';

export interface AtriumOptions {
  /** PostgreSQL; without it, the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Extra module folders (MODULE_PATH). */
  modulePaths?: string[];
  /** Any other setting (DATABASE_POOL_SIZE, …). */
  env?: NodeJS.ProcessEnv;
  /** Another checkout of Atrium to run (bench/reference-checkout.ts); this one unless given. */
  root?: string;
}

export function startAtrium(options: AtriumOptions): Promise<ServerProcess> {
  return startServer({
    entry: 'kernel/main.ts',
    root: options.root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATA_DIR: options.dataDir,
      RATE_LIMIT_POINTS: '1000000',
      RATE_LIMIT_WINDOW_SECONDS: '1',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.modulePaths ? { MODULE_PATH: options.modulePaths.join(':') } : {}),
      ...options.env,
    },
  });
}
