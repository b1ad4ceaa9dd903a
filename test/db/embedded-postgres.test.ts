import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../../kernel/db/database';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../kernel/db/embedded/data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../kernel/db/embedded/embedded-postgres';
import { createEmbeddedDataDir } from '../support/database';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Runs `startEmbeddedPostgres` on `dataDir` in another Node process; resolves its stderr and exit code. */
function openInAnotherProcess(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const script = `
    require('./kernel/db/embedded/embedded-postgres')
      .startEmbeddedPostgres({ dataDir: process.argv[1] })
      .then((pg) => pg.stop(), (error) => { console.error(error.message); process.exitCode = 3; });`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['-r', '@swc-node/register', '-e', script, dataDir], { cwd: REPO_ROOT }, (error, _out, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

/** Runs one query on a connection of its own. */
async function queryOnce<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error | undefined> {
  return promise.then(
    () => undefined,
    (error: Error) => error,
  );
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('startEmbeddedPostgres', () => {
  let dataDir: string;
  let running: EmbeddedPostgres | undefined;
  const lockFile = () => path.join(dataDir, LOCK_FILE_NAME);

  beforeEach(async () => {
    dataDir = await createEmbeddedDataDir();
  });

  afterEach(async () => {
    await running?.stop();
    running = undefined;
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('serves PostgreSQL on a local URL and releases the data directory when stopped', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    expect(running.url).to.match(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).to.equal(String(process.pid));

    const rows = await queryOnce<{ version: string }>(running.url, 'select version()');
    expect(rows[0].version).to.contain('PGlite');

    await running.stop();
    expect(fs.existsSync(lockFile())).to.equal(false);
  });

  it('accepts as many client connections as maxConnections', async () => {
    running = await startEmbeddedPostgres({ dataDir, maxConnections: 3 });
    const clients = [1, 2, 3].map(() => new Client({ connectionString: running!.url }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const answers = await Promise.all(clients.map((c, i) => c.query<{ n: number }>('select $1::int as n', [i])));
      expect(answers.map((a) => a.rows[0].n)).to.deep.equal([0, 1, 2]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('keeps PostgreSQL’s page cache at 8MB: initdb’s 128MB is all resident from the start, half the idle server', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    const rows = await queryOnce<{ shared_buffers: string }>(running.url, 'show shared_buffers');
    expect(rows[0].shared_buffers).to.equal('8MB');
  });

  it('rolls back the transaction of a client that disconnects inside it (the session is shared)', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    const stayer = new Client({ connectionString: running.url });
    await stayer.connect();
    try {
      await stayer.query('create table test_abandoned (id int)');
      const leaver = new Client({ connectionString: running.url });
      await leaver.connect();
      await leaver.query('begin');
      await leaver.query('insert into test_abandoned values (1)');
      await leaver.end();

      const { rows } = await stayer.query<{ count: string; fresh: boolean }>(
        // Outside a transaction each statement starts its own, so now() is this statement's
        // start; inside a leftover one it would be that transaction's start.
        'select count(*), now() = statement_timestamp() as fresh from test_abandoned',
      );
      expect(rows[0]).to.deep.equal({ count: '0', fresh: true });
    } finally {
      await stayer.end();
    }
  });

  it('refuses a second opener of the same data directory in this process, naming DATA_DIR', async () => {
    running = await startEmbeddedPostgres({ dataDir });

    const error = await rejectionOf(startEmbeddedPostgres({ dataDir }));
    expect(error).to.be.instanceOf(DataDirLockedError);
    expect(error!.message).to.contain(`DATA_DIR ${dataDir} is in use by process ${process.pid}`);

    const viaDatabase = await rejectionOf(openDatabase({ dataDir: path.dirname(dataDir) }));
    expect(viaDatabase).to.be.instanceOf(DataDirLockedError);
  });

  it('refuses a second process opening the same data directory', async () => {
    running = await startEmbeddedPostgres({ dataDir });

    const other = await openInAnotherProcess(dataDir);
    expect(other.code).to.equal(3);
    expect(other.stderr).to.contain(`DATA_DIR ${dataDir} is in use by process ${process.pid}`);
    // The first server still owns its lock and still answers.
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).to.equal(String(process.pid));
    expect(await queryOnce(running.url, 'select 1 as one')).to.deep.equal([{ one: 1 }]);
  });

  it('refuses a data directory locked by another live process', async () => {
    fs.writeFileSync(lockFile(), `${process.ppid}\n`);
    const error = await rejectionOf(startEmbeddedPostgres({ dataDir }));
    expect(error!.message).to.contain(`in use by process ${process.ppid}`);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).to.equal(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone', async () => {
    fs.writeFileSync(lockFile(), `${await deadPid()}\n`);
    running = await startEmbeddedPostgres({ dataDir });
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).to.equal(String(process.pid));
  });

  it('takes over a lock holding this process’s pid that this process does not hold (a restarted container)', async () => {
    fs.writeFileSync(lockFile(), `${process.pid}\n`);
    running = await startEmbeddedPostgres({ dataDir });
    expect(fs.existsSync(lockFile())).to.equal(true);
  });

  it('keeps committed rows, and drops uncommitted ones, when its process is killed', async () => {
    const script = `
      const { Client } = require('pg');
      require('./kernel/db/embedded/embedded-postgres')
        .startEmbeddedPostgres({ dataDir: process.argv[1] })
        .then(async (pg) => {
          const client = new Client({ connectionString: pg.url });
          await client.connect();
          await client.query('create table test_killed (id int)');
          await client.query('insert into test_killed select generate_series(1, 100)');
          await client.query('begin');
          await client.query('insert into test_killed values (-1)');
          process.kill(process.pid, 'SIGKILL');
        });`;
    await new Promise((resolve) => execFile(process.execPath, ['-r', '@swc-node/register', '-e', script, dataDir], { cwd: REPO_ROOT }, resolve));

    running = await startEmbeddedPostgres({ dataDir });
    expect(await queryOnce(running.url, 'select count(*)::int as n, min(id) as low from test_killed')).to.deep.equal([{ n: 100, low: 1 }]);
  });

  it('reports a data directory PGlite cannot open, and releases it', async () => {
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '11\n');
    const error = await rejectionOf(startEmbeddedPostgres({ dataDir }));
    expect(error!.message).to.contain(`embedded PostgreSQL in DATA_DIR ${dataDir} failed to start: `);
    expect(fs.existsSync(lockFile())).to.equal(false);
  });

  it('stops twice without failing', async () => {
    running = await startEmbeddedPostgres({ dataDir });
    await running.stop();
    await running.stop();
  });
});
