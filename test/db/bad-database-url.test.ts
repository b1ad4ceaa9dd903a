import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../../kernel/paths';
import { freePort } from '../support/free-port';

const PASSWORD = 'not-for-your-eyes-7f3a';

interface Start {
  code: number | null;
  stderr: string;
}

/** `npm start` as an operator runs it, with `DATABASE_URL` set to `databaseUrl`: how it ends. */
function start(databaseUrl: string): Promise<Start> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bad-url-'));
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'kernel/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}

function expectRefusal(result: Start): void {
  expect(result.code, result.stderr).to.equal(1);
  expect(result.stderr).to.match(/^atrium could not start: [\s\S]*DATABASE_URL/);
  expect(result.stderr, 'no stack trace').not.to.match(/\n\s+at /);
  expect(result.stderr).not.to.include(PASSWORD);
}

describe('a bad DATABASE_URL', () => {
  it('refuses an unparseable one, naming the variable and not echoing it', async () => {
    const result = await start(`mysql://admin:${PASSWORD}@127.0.0.1/atrium`);
    expectRefusal(result);
    expect(result.stderr).to.include('DATABASE_URL must be a URL');
  });

  it('refuses one where nothing listens, naming the variable and where it points, never the password', async () => {
    const port = await freePort();
    const result = await start(`postgres://admin:${PASSWORD}@127.0.0.1:${port}/atrium`);
    expectRefusal(result);
    expect(result.stderr).to.include(`DATABASE_URL (127.0.0.1:${port}/atrium)`);
  });

  it('gives up on a host that accepts but never answers instead of waiting for it', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const result = await start(`postgres://admin:${PASSWORD}@127.0.0.1:${port}/atrium`);
      expectRefusal(result);
      expect(result.stderr).to.include(`DATABASE_URL (127.0.0.1:${port}/atrium)`);
    } finally {
      silent.close();
    }
  });

  it('refuses a database the server does not have, naming the variable', async function () {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) this.skip();
    const url = new URL(serverUrl!);
    url.password = PASSWORD;
    url.pathname = '/atrium_no_such_database';
    const result = await start(url.toString());
    expectRefusal(result);
    expect(result.stderr).to.include('atrium_no_such_database');
  });
});
