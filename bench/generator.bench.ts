/**
 * The code generator's output, measured.
 *
 * 1. GET <generated list>?page=1&pageSize=20 on a table of 10,000 rows shaped like users_user,
 *    as a ratio of the built-in GET /api/v1/users?page=1&pageSize=20 on 10,000 users (goal: at
 *    least 0.9). Both in the same server, measured alternately with the same autocannon settings.
 * 2. The time from POST /generate to the first answered request of the generated module, as a
 *    ratio of what a restart would cost instead: a new server process on the same database until
 *    its first answered request (lower is better).
 *
 *   npm run bench -- generator
 *   node -r @swc-node/register bench/generator.bench.ts
 */
import 'reflect-metadata';
import { Client } from 'pg';
import type { Kernel } from '../kernel/kernel';
import { newId } from '../kernel/db/ids';
import type { TestDatabase } from '../test/support/database';
import { assertGoal, assertNoFailures } from './goals';
import { startServerProcess } from '../test/support/server-process';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_JWT_SECRET,
  RUN_HEADER,
  alternate,
  bootAtrium,
  failuresOf,
  fixed,
  loginBearer,
  meanRps,
  median,
  postgresDatabase,
  roundRatios,
  runRow,
  table,
} from './support';
import { seed as seedUsers } from './users-list.bench';

const GOAL = 0.9;
const ROWS = Number(process.env.BENCH_USERS ?? 10_000);
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GENERATIONS = 3;
const TABLE = 'bench_contacts';
const USERS_PATH = '/api/v1/users?page=1&pageSize=20';

async function main(): Promise<void> {
  const database: TestDatabase = await postgresDatabase();
  let kernel: Kernel | undefined;
  try {
    kernel = await bootAtrium(database, { DATABASE_POOL_SIZE: '10' });
    const bearer = await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD);
    await seedUsers(kernel.url, bearer, database.databaseUrl!);
    await createTable(database.databaseUrl!);
    const api = client(kernel.url, bearer);

    const imported = await api('POST', '/api/v1/generator/tables', { tableName: TABLE }, 201);
    const generateTimes: number[] = [];
    let listPath = '';
    for (let i = 0; i < GENERATIONS; i += 1) {
      // Each round regenerates after a label change, so every round replaces a running module.
      const current = await api('GET', `/api/v1/generator/tables/${imported.id}`, undefined, 200);
      await api('PUT', `/api/v1/generator/tables/${imported.id}`, { version: current.version, moduleName: `Contacts ${i + 1}` }, 200);
      const started = process.hrtime.bigint();
      const generated = await api('POST', `/api/v1/generator/tables/${imported.id}/generate`, undefined, 200);
      listPath = `/api/v1${generated.table.resourcePath}?page=1&pageSize=20`;
      await api('GET', listPath, undefined, 200);
      generateTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }

    const headers = { Authorization: bearer };
    const settings = { connections: CONNECTIONS, durationSeconds: SECONDS, headers };
    const results = await alternate(
      { baseline: { ...settings, url: `${kernel.url}${USERS_PATH}` }, subject: { ...settings, url: `${kernel.url}${listPath}` } },
      ROUNDS,
      WARMUP_SECONDS,
    );
    await kernel.stop();
    kernel = undefined;

    // What a restart would cost instead: a new server process on the same database and
    // DATA_DIR, from its start to its first answer on the generated list (the bearer stays valid).
    const restartTimes: number[] = [];
    for (let i = 0; i < GENERATIONS; i += 1) {
      const started = process.hrtime.bigint();
      const restarted = await startServerProcess({
        NODE_ENV: 'production',
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        JWT_SECRET: BENCH_JWT_SECRET,
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.databaseUrl,
        DATA_DIR: database.dataDir,
        RATE_LIMIT_POINTS: '1000000',
      });
      try {
        await client(restarted.url, bearer)('GET', listPath, undefined, 200);
        restartTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      } finally {
        await restarted.stop();
      }
    }

    const rows = [RUN_HEADER];
    results.baseline.forEach((r, i) => rows.push(runRow(`users list #${i + 1}`, r), runRow(`generated list #${i + 1}`, results.subject[i])));
    const ratio = meanRps(results.subject) / meanRps(results.baseline);
    console.log(
      `${ROWS} rows in ${TABLE} and ${ROWS} users (+ admin); autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating, loopback`,
    );
    console.log(table(rows));
    console.log(
      `generated list (page of 20 + total) = ${fixed(ratio, 2)} x the built-in users list (${fixed(meanRps(results.subject), 0)} / ${fixed(meanRps(results.baseline), 0)} req/s)`,
    );
    console.log(`each round: ${roundRatios(results)}`);
    assertGoal({
      name: `generated list (page of 20 + total) vs the built-in users list (${fixed(meanRps(results.subject), 0)} / ${fixed(meanRps(results.baseline), 0)} req/s)`,
      figure: `${fixed(ratio, 2)}x`,
      goal: `>= ${GOAL}x`,
      met: ratio >= GOAL,
    });
    const generate = median(generateTimes);
    const restart = median(restartTimes);
    console.log(`generate -> first answered request: median ${fixed(generate, 0)} ms of ${generateTimes.map((t) => fixed(t, 0)).join(', ')}`);
    console.log(
      `restart (a new server process on the same database -> first answered request): median ${fixed(restart, 0)} ms of ${restartTimes.map((t) => fixed(t, 0)).join(', ')}`,
    );
    console.log(`generate -> first answer = ${fixed(generate / restart, 2)} x a restart`);
    assertNoFailures(failuresOf([...results.baseline, ...results.subject]), 'the lists');
  } finally {
    await kernel?.stop();
    await database.cleanup();
  }
}

/** The users_user columns a list shows, with the same types, sizes, spread of values and indexes. */
async function createTable(databaseUrl: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`create table ${TABLE} (
      id uuid primary key,
      username varchar(64) not null,
      nickname varchar(64) not null,
      email varchar(254),
      phone varchar(21),
      status varchar(16) not null default 'active',
      dept_id uuid,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // The indexes users_user has for its list: the unique username, and the default order.
    await db.query(`create unique index ${TABLE}_username_key on ${TABLE} (username)`);
    await db.query(`create index ${TABLE}_created_at_idx on ${TABLE} (created_at desc, id desc)`);
    const year = 365 * 24 * 3600 * 1000;
    const now = Date.now();
    const rows = Array.from({ length: ROWS + 1 }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return [
        newId(),
        `contact${n}`,
        `Contact ${n}`,
        i % 7 === 0 ? null : `contact${n}@example.com`,
        i % 3 === 0 ? null : `+86138${String(i).padStart(8, '0')}`,
        i % 10 === 9 ? 'disabled' : 'active',
        newId(),
        1 + (i % 3),
        new Date(now - year + Math.floor((i * year) / ROWS)),
      ];
    });
    const column = (k: number) => rows.map((r) => r[k]);
    await db.query(
      `insert into ${TABLE} (id, username, nickname, email, phone, status, dept_id, version, created_at, updated_at)
       select id, username, nickname, email, phone, status, dept_id, version, created_at, created_at
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::int[], $9::timestamptz[])
         as t(id, username, nickname, email, phone, status, dept_id, version, created_at)`,
      [column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7), column(8)],
    );
    await db.query(`analyze ${TABLE}`);
  } finally {
    await db.end();
  }
}

type Api = (method: string, path: string, body: unknown, expected: number) => Promise<any>;

function client(baseUrl: string, bearer: string): Api {
  return async (method, path, body, expected) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: bearer, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: unknown };
    if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}, not ${expected}: ${JSON.stringify(json).slice(0, 800)}`);
    return json.data;
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
