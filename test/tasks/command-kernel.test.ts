import { expect } from 'chai';
import { boot } from '../../kernel/boot';
import type { Kernel } from '../../kernel/kernel';
import { runAsPlatform } from '../../kernel/db/tenancy/tenant-scope';
import { createLogger } from '../../kernel/logging/logger';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { fixture, startTestServer, type TestServer } from '../support/server';
import { readTask, sleep, submitted, waitForState } from './helpers';

/**
 * A CLI command (`atrium audit purge`) boots the kernel without HTTP and starts every module. It
 * must take no task: it would drop it when it exits a moment later.
 */
describe('tasks in a kernel that runs a CLI command', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  let command: Kernel | undefined;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await command?.stop();
    await server?.stop();
    await database.cleanup();
  });

  it('takes no task, and a server started afterwards runs it', async () => {
    // An instance that accepts tasks but runs none leaves one queued.
    server = await startTestServer({ database, env: { NODE_ENV: 'test', TASKS_CONCURRENCY: '0' } });
    const task = await submitted(server, { type: 'system.echo', payload: { n: 1 } });
    await server.stop();
    server = undefined;

    command = await boot({
      listen: false,
      env: { NODE_ENV: 'test' },
      logger: createLogger('silent'),
      config: { databaseUrl: database.databaseUrl, dataDir: database.dataDir, modulePaths: [fixture('test-auth')] },
    });
    // Several of a worker's polls (every 0.5 s): a dispatcher would have claimed it by now.
    await sleep(2000);
    // As the platform: tasks are tenant-owned, and a test's own statement runs in no tenant.
    const kernel = command;
    const rows = (await runAsPlatform(() => kernel.db.orm.em.fork().getConnection().execute('select state, attempts from tasks where id = ?', [task.id]))) as {
      state: string;
      attempts: number;
    }[];
    expect(rows).to.deep.equal([{ state: 'queued', attempts: 0 }]);
    await command.stop();
    command = undefined;

    server = await startTestServer({ database });
    const done = await waitForState(server, task.id, 'succeeded');
    expect(done.result).to.deep.equal({ n: 1 });
    expect((await readTask(server, task.id)).attempts).to.equal(1);
  });
});
