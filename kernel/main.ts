/** `npm start`: boots the kernel and serves until SIGTERM or SIGINT. */
import { BootError } from './boot-error';
import { ConfigError, inspectConfig } from './config';
import { embeddedDataDir, startEmbeddedPostgres } from './db/embedded/embedded-postgres';
import { MigrationError } from './db/migration-error';
import { consoleIsBuilt } from './http/console-static';
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
  if (consoleIsBuilt(kernel.config.consoleDir)) {
    // What README.md tells a newcomer: the seeded administrator, whose password is never the local default in production.
    const signIn = kernel.config.production ? '' : ': sign in as admin with ADMIN_PASSWORD, or admin-local-only on a local database seeded without it';
    kernel.log.info({ console: `${kernel.url}/` }, `console at ${kernel.url}/${signIn}`);
  }
  const shutdown = (signal: string) => {
    // Stopped accepting first (synchronously), then said so: whoever reads the line finds the port closed.
    const stopped = kernel.stop();
    kernel.log.info({ signal }, 'stopping: draining requests');
    stopped.then(
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
