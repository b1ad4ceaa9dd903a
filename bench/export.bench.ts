/**
 * GET /api/v1/users/export?format=csv on 100,000 users, two figures against a baseline measured
 * in the same run, on a fresh database of the PostgreSQL at 127.0.0.1:5432 (BENCH_POSTGRES_URL):
 *
 * 1. Rate: rows a second of Atrium's export over HTTP (its server in a process of its own, as
 *    production runs it), against PostgreSQL's own `COPY (select …) TO STDOUT WITH CSV` of the same
 *    rows and columns — username, nickname, email, phone, status, the names of the department,
 *    roles and posts, created — in the export's order, read by psql through a pipe: the fastest a CSV of those
 *    rows leaves the database. Rounds alternate; medians. Goal: at least 0.5x.
 * 2. Memory: the server's peak resident set size during an export, sampled every 10 ms, against
 *    its idle RSS just before (after a warm-up export). Goal: at most 1.5x.
 *
 * An xlsx export of the same rows is printed beside them (no goal). PostgreSQL only: the baseline
 * needs COPY TO STDOUT, which the embedded database does not serve over its socket, and
 * `pg-copy-streams` is not a dependency, so psql (PostgreSQL's client) reads the COPY.
 *
 *   npm run bench -- export
 *   BENCH_ROUNDS=3 BENCH_EXPORT_USERS=20000 npm run bench -- export   (short, as CI runs it)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { DEFAULT_TENANT_ID, TENANT_SETTING } from '../kernel/db/tenancy/tenancy-names';
import { startAtrium } from './atrium-process';
import { assertGoal } from './goals';
import { seedOrganisation, type Organisation } from './organisation';
import type { ServerProcess } from './server-process';
import { BENCH_ADMIN_PASSWORD, fixed, loginBearer, median, postgresDatabase, setParamOver, table } from './support';

const USERS = Number(process.env.BENCH_EXPORT_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE_GOAL = 0.5;
const RSS_GOAL = 1.5;
const MiB = 1024 * 1024;

/** The export's columns and order (modules/users/user-export.ts, user-list-order.ts), as SQL: names, not ids. */
const COPY = `copy (
  select u.username, u.nickname, u.email, u.phone, u.status, d.name,
    (select string_agg(r.name, ', ' order by r.name) from users_user_role l join roles_role r on r.id = l.role_id where l.user_id = u.id),
    (select string_agg(p.name, ', ' order by p.name) from users_user_post l join posts_post p on p.id = l.post_id where l.user_id = u.id),
    u.created_at
  from users_user u left join departments_department d on d.id = u.dept_id
  order by u.created_at desc, u.id desc
) to stdout with (format csv, header)`;

interface Run {
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's peak RSS during the run (Atrium's runs only). */
  peakRss?: number;
}

async function main(): Promise<void> {
  const database = await postgresDatabase();
  let server: ServerProcess | undefined;
  try {
    server = await startAtrium({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const bearer = await loginBearer(server.url, 'admin', BENCH_ADMIN_PASSWORD);
    await seed(database.databaseUrl!, await seedOrganisation(server.url, bearer));
    // What is measured is the file streamed during the request, however many rows: no task makes it.
    await setParamOver(server.url, bearer, 'assets.export.backgroundRows', '0');
    const exportOf = (format: 'csv' | 'xlsx') => download(server!, `/api/v1/users/export?format=${format}`, bearer);
    console.log(`server: pid ${server.pid}, PostgreSQL, ${USERS} users + the administrator`);

    await exportOf('csv'); // warm-up: the route's code, the plans, the buffers
    const idle = await settledRss(server);
    const copies: Run[] = [];
    const exports: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      copies.push(await copy(database.databaseUrl!));
      exports.push(await exportOf('csv'));
    }
    // A zip's line ends count nothing: the xlsx holds the rows the CSVs held.
    const xlsx = { ...(await exportOf('xlsx')), rows: exports[0].rows };
    report(idle, copies, exports, xlsx);
  } finally {
    await server?.stop();
    await database.cleanup();
  }
}

/**
 * USERS users by one statement, a tenth disabled, each a second older than the one before, spread
 * over the organisation's departments; each holds a role (every fifth two), two in three a post.
 * Then fresh statistics.
 */
async function seed(url: string, organisation: Organisation): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    // The links are the default tenant's: its id fills their tenant_id, as a request of that tenant would.
    await client.query(`select set_config('${TENANT_SETTING}', $1, false)`, [DEFAULT_TENANT_ID]);
    await client.query(
      `insert into users_user (id, tenant_id, username, nickname, email, password_hash, status, dept_id, version, created_at, updated_at)
       select gen_random_uuid(), a.tenant_id, 'user' || i, 'User ' || i, 'user' || i || '@example.com', a.password_hash,
              case when i % 10 = 0 then 'disabled' else 'active' end, ($2::uuid[])[1 + i % cardinality($2::uuid[])],
              1, now() - make_interval(secs => i), now()
         from users_user a, generate_series(1, $1::int) as i where a.username = 'admin'`,
      [USERS, organisation.deptIds],
    );
    const seeded = `(select id, substring(username from 5)::int as i from users_user where username ~ '^user[0-9]+$') as u`;
    await client.query(
      `insert into users_user_role (user_id, role_id)
       select id, ($1::uuid[])[1 + i % cardinality($1::uuid[])] from ${seeded}
       union all
       select id, ($1::uuid[])[1 + (i + 1) % cardinality($1::uuid[])] from ${seeded} where i % 5 = 0`,
      [organisation.roleIds],
    );
    await client.query(
      `insert into users_user_post (user_id, post_id) select id, ($1::uuid[])[1 + i % cardinality($1::uuid[])] from ${seeded} where i % 3 <> 0`,
      [organisation.postIds],
    );
    await client.query('analyze users_user, users_user_role, users_user_post');
    console.log(`seeded ${USERS} users and their links in ${fixed((Date.now() - started) / 1000)} s`);
  } finally {
    await client.end();
  }
}

/** The baseline: psql reading PostgreSQL's COPY of the same rows, as fast as a pipe takes it. */
function copy(url: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const psql = spawn('psql', [url, '-X', '-q', '-c', COPY], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    let lines = 0;
    psql.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      lines += count(chunk);
    });
    psql.on('error', reject);
    psql.on('close', (code) => {
      if (code !== 0) return reject(new Error(`psql exited with ${code}`));
      resolve({ rows: lines - 1, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    });
  });
}

/** One export over HTTP, read as fast as it comes, the server's RSS sampled all along. */
function download(server: ServerProcess, path: string, bearer: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    let peakRss = server.rssBytes();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssBytes())), 10);
    const started = process.hrtime.bigint();
    const request = http.get(server.url + path, { headers: { Authorization: bearer } }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        lines += count(chunk);
      });
      res.on('end', () => {
        clearInterval(sampler);
        if (res.statusCode !== 200) return reject(new Error(`${path} answered ${res.statusCode}`));
        resolve({ rows: lines - 1, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRss });
      });
    });
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

/** Line ends in a chunk (CSV: rows, none of ours holds a line break; xlsx: meaningless). */
function count(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

async function settledRss(server: ServerProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(server.rssBytes());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return median(samples);
}

function report(idle: number, copies: Run[], exports: Run[], xlsx: Run): void {
  const rate = (run: Run) => run.rows / run.seconds;
  const row = (label: string, run: Run) => [
    label,
    String(run.rows),
    fixed(run.bytes / MiB),
    fixed(run.seconds, 2),
    fixed(rate(run), 0),
    run.peakRss ? fixed(run.peakRss / MiB) : '-',
  ];
  console.log(
    table([
      ['run', 'rows', 'MiB', 's', 'rows/s', 'peak RSS MiB'],
      ...copies.map((run, i) => row(`COPY ${i + 1}`, run)),
      ...exports.map((run, i) => row(`export csv ${i + 1}`, run)),
      row('export xlsx', xlsx),
    ]),
  );
  for (const run of exports) if (run.rows !== USERS + 1) throw new Error(`an export held ${run.rows} rows, not ${USERS + 1}`);
  const ratio = median(exports.map(rate)) / median(copies.map(rate));
  assertGoal({ name: 'export csv rows/s vs COPY (medians)', figure: `${fixed(ratio, 2)}x`, goal: `>= ${RATE_GOAL}x`, met: ratio >= RATE_GOAL });
  const peak = Math.max(...exports.map((run) => run.peakRss!));
  console.log(
    `server RSS: idle ${fixed(idle / MiB)} MiB; peak during the csv exports ${fixed(peak / MiB)} MiB, during the xlsx export ${fixed(xlsx.peakRss! / MiB)} MiB`,
  );
  assertGoal({
    name: 'server peak RSS during a csv export vs idle',
    figure: `${fixed(peak / idle, 2)}x`,
    goal: `<= ${RSS_GOAL}x`,
    met: peak / idle <= RSS_GOAL,
  });
  console.log(`xlsx: ${fixed(rate(xlsx), 0)} rows/s, ${fixed(xlsx.bytes / MiB)} MiB (no goal)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
