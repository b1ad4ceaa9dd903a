import path from 'node:path';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { runAtrium } from '../support/run-atrium';
import { startTestServer } from '../support/server';

const PROBE = path.join(__dirname, 'fixtures', 'audit-probe');

/**
 * Commands modules add to the CLI (`defineModule({ commands })`): found among the modules a boot
 * would load, run in a kernel booted without HTTP, with the module's own context.
 */
describe('module commands in the atrium CLI', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.cleanup());

  const atrium = (args: string[]) =>
    runAtrium(args, { DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir, MODULE_PATH: PROBE, NODE_ENV: 'test' });

  it('runs the command with the module context and the words after its own, and exits with its code', () => {
    const ok = atrium(['audit-probe', 'echo', 'one', 'two']);
    expect(ok.stdout).to.equal('audit-probe one two (database reachable: true)\n');
    expect(ok.status).to.equal(0);
    const failing = atrium(['audit-probe', 'echo', 'fail']);
    expect(failing.stdout).to.equal('audit-probe fail (database reachable: true)\n');
    expect(failing.status).to.equal(3);
  });

  it('lists module commands in the usage, and exits 2 for a command nobody declares', () => {
    const run = atrium(['audit-probe', 'nonsense']);
    expect(run.status).to.equal(2);
    expect(run.stderr).to.match(/atrium audit-probe echo <words…>\s+print the module id and the arguments \(module audit-probe\)/);
  });

  it('refuses to run the command of a disabled module', async () => {
    const server = await startTestServer({ database, modulePaths: [PROBE] });
    await server.kernel.capabilities.lifecycle.disable('audit-probe');
    await server.stop();
    const run = atrium(['audit-probe', 'echo']);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.include('module "audit-probe" is disabled: enable it to run its commands');
    expect(run.status).to.equal(1);
  });
});
