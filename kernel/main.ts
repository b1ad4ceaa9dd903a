/** `npm start`: boots the kernel and serves until SIGTERM or SIGINT. */
import { BootError } from './boot-error';
import { ConfigError, inspectConfig } from './config';
import { embeddedDataDir, startEmbeddedPostgres } from './db/embedded/embedded-postgres';
import { MigrationError } from './db/migration-error';
import { createLogger } from './logging/logger';

async function main(): Promise<void> {
  const { config, problems } = inspectConfig(process.env);
  const logger = createLogger(config.logLevel);
  // The embedded PostgreSQL starts before the kernel's code loads: each takes about a second, and
  // the database starts in a thread of its own. Not with DATABASE_URL, nor with a configuration
  // problem, which the boot reports before anything is opened.
  const embeddedDatabase = problems.length > 0 || config.databaseUrl ? undefined : startEmbeddedPostgres({ dataDir: embeddedDataDir(config.dataDir), logger });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded once the database is starting, see above
  const { boot } = require('./boot') as typeof import('./boot');
  const kernel = await boot({ logger, embeddedDatabase });
  kernel.log.info({ url: kernel.url, database: kernel.db.embedded ? 'embedded' : 'postgresql' }, 'atrium is ready');
  const shutdown = (signal: string) => {
    kernel.log.info({ signal }, 'stopping: draining requests');
    kernel.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        kernel.log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  // Known boot failures already say what to fix; anything else gets its stack.
  const known = error instanceof BootError || error instanceof ConfigError || error instanceof MigrationError;
  process.stderr.write(`atrium could not start: ${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  process.exit(1);
});
