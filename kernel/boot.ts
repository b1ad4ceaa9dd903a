import 'reflect-metadata';
import type { Logger } from 'pino';
import { BootError } from './boot-error';
import { configError, defaultGeneratedModulesDir, inspectConfig, type KernelConfig } from './config';
import { openDatabase } from './db/database';
import type { EmbeddedPostgres } from './db/embedded/embedded-postgres';
import { kernelMigrations } from './db/kernel-migrations';
import { Kernel } from './kernel';
import { createLogger } from './logging/logger';
import { moduleEnvironmentProblems } from './modules/environment-problems';
import type { LoadedModule } from './modules/loaded-module';
import { prepareModules } from './modules/prepare';
import { RowScopes } from './auth/row-scope';
import { connectRedis, type RedisConnections } from './runtime/redis';

export interface BootOptions {
  env?: NodeJS.ProcessEnv;
  /** Overrides of the configuration read from `env` (tests pick ports and folders). */
  config?: Partial<KernelConfig>;
  logger?: Logger;
  /** Listen for HTTP (default true). */
  listen?: boolean;
  /**
   * The embedded PostgreSQL, already starting on the configured DATA_DIR (main.ts starts it before
   * the kernel's code loads). Only without DATABASE_URL; the boot owns it from here, and stops it
   * if it refuses to go on.
   */
  embeddedDatabase?: Promise<EmbeddedPostgres>;
}

/**
 * The kernel's boot, top to bottom. Each step is its own file; a step that finds problems stops
 * the boot with all of them, before anything is written to the database.
 */
export async function boot(options: BootOptions = {}): Promise<Kernel> {
  const env = options.env ?? process.env;
  // 1. config: the kernel's settings, checked with the modules' own once their code is loaded
  const { config: read, problems: settingsProblems } = inspectConfig(env);
  const config: KernelConfig = { ...read, ...options.config };
  // A DATA_DIR given as an override (tests, benchmarks) takes the generated modules' folder along.
  if (options.config?.dataDir && !options.config.generatedModulesDir && !env.GENERATED_MODULES_DIR) {
    config.generatedModulesDir = defaultGeneratedModulesDir(config.dataDir);
  }
  // A kernel that serves no HTTP (a CLI command) starts no background work either.
  if (options.listen === false) config.background = false;
  const log = options.logger ?? createLogger(config.logLevel);
  // 6. the database, opened while the modules' code loads: the embedded PostgreSQL starts in a
  // thread of its own, so its second or so runs beside steps 2–5 instead of after them. It is
  // only opened (a new data directory gets initdb's files): no row is written before every problem
  // is known. The modules' migrations (with the kernel's, in one all-or-nothing run), entities and
  // row scopes come in with the modules (step 7), as at a live load.
  const rowScopes = new RowScopes();
  const opening =
    settingsProblems.length > 0
      ? undefined
      : openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          poolSize: config.databasePoolSize,
          exactCountLimit: config.exactCountLimit,
          filters: [rowScopes.filter()],
          logger: log,
          embedded: options.embeddedDatabase,
        });
  let loaded: LoadedModule[];
  try {
    loaded = await checkedModules(config, settingsProblems);
  } catch (error) {
    // The refusal is what the operator needs to read, whatever the database said meanwhile.
    const ignore = () => undefined;
    await (opening?.then((db) => db.close(), ignore) ?? options.embeddedDatabase?.then((pg) => pg.stop(), ignore));
    throw error;
  }
  // Opened whenever the checks passed: a settings problem found before it always refuses.
  const db = await opening!;
  let kernel: Kernel | undefined;
  let redis: RedisConnections | undefined;
  try {
    if (config.redisUrl) redis = await connectRedis(config.redisUrl, log);
    kernel = new Kernel(config, log, db, redis, rowScopes);
    // 7. install: each module's migrations, entities, registration (contexts, public APIs, SPIs,
    // routes, catalogues) and start, in load order — the path a live load takes; 8. HTTP
    await kernel.start(loaded, { listen: options.listen ?? true, kernelMigrations });
    return kernel;
  } catch (error) {
    if (kernel) await kernel.stop();
    else {
      await redis?.close();
      await db.close();
    }
    throw error;
  }
}

/**
 * Steps 2–5 — discover, validate, resolve, then load the code and hold it to its manifest — and
 * the settings, the kernel's and the modules' own: every problem refused at once, before any
 * migration, so an operator fixes them in one go.
 */
async function checkedModules(config: KernelConfig, settingsProblems: string[]): Promise<LoadedModule[]> {
  const { loaded, problems } = prepareModules(config);
  if (problems.length > 0) throw new BootError(problems);
  settingsProblems.push(...(await moduleEnvironmentProblems(loaded, config)));
  if (settingsProblems.length > 0) throw configError(settingsProblems);
  return loaded;
}
