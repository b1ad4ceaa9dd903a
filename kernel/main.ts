/** `npm start`: boots the kernel and serves until SIGTERM or SIGINT. */
import { boot } from './boot';
import { BootError } from './boot-error';
import { ConfigError } from './config';
import { MigrationError } from './db/migration-error';

async function main(): Promise<void> {
  const kernel = await boot();
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
