/**
 * GET /api/v1/users?page=1&pageSize=20 — a page of 20 with its total, as the seeded administrator
 * after a real login — on 10,000 users (BENCH_USERS), as a ratio of the same list written by hand
 * (bench/fixtures/hand-written-users.ts: express 5 + `pg` + jsonwebtoken; the page and its count
 * side by side, then the page's roles and posts; the same JSON). Goal: at least 1.2, the issue's:
 * the platform's list beats what a careful developer writes by hand.
 *
 * Each server runs in a process of its own (bench/server-process.ts), on one fresh database of
 * the PostgreSQL at 127.0.0.1:5432 (dropped at the end), and they are measured alternately with
 * the same autocannon settings; autocannon runs in a process of its own.
 *
 *   npm run bench -- users-list
 *   BENCH_SECONDS=1 BENCH_ROUNDS=2 npm run bench -- users-list
 */
import { hash } from '@node-rs/argon2';
import { Client } from 'pg';
import { newId } from '../kernel/db/ids';
import { DEFAULT_TENANT_ID, TENANT_SETTING } from '../kernel/db/tenancy/tenancy-names';
import type { TestDatabase } from '../test/support/database';
import { startAtrium } from './atrium-process';
import { seedOrganisation } from './organisation';
import { assertGoal, assertNoFailures } from './goals';
import { startServer, type ServerProcess } from './server-process';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_JWT_SECRET,
  RUN_HEADER,
  alternate,
  failuresOf,
  fixed,
  loginBearer,
  meanRps,
  postgresDatabase,
  roundRatios,
  runRow,
  table,
} from './support';

const GOAL = 1.2;
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The platform's pool (DATABASE_POOL_SIZE's default); the baseline gets as many connections. */
const POOL_SIZE = 10;
const PATH = '/api/v1/users?page=1&pageSize=20';

async function main(): Promise<void> {
  const database: TestDatabase = await postgresDatabase();
  const servers: ServerProcess[] = [];
  try {
    const databaseUrl = database.databaseUrl!;
    const env = { DATABASE_POOL_SIZE: String(POOL_SIZE) };
    const kernel = await startAtrium({ databaseUrl, dataDir: database.dataDir, env });
    servers.push(kernel);
    const bearer = await loginBearer(kernel.url, 'admin', BENCH_ADMIN_PASSWORD);
    await seed(kernel.url, bearer, databaseUrl);
    const baseline = await startServer({
      entry: 'bench/fixtures/hand-written-users-server.ts',
      env: { ...env, DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET },
    });
    servers.push(baseline);
    const baselineUrl = baseline.url + PATH;
    const kernelUrl = kernel.url + PATH;
    const headers = { Authorization: bearer };
    await checkSameAnswer(baselineUrl, kernelUrl, headers);

    const settings = { connections: CONNECTIONS, durationSeconds: SECONDS, headers };
    const results = await alternate({ baseline: { ...settings, url: baselineUrl }, subject: { ...settings, url: kernelUrl } }, ROUNDS, WARMUP_SECONDS);
    const rows = [RUN_HEADER];
    results.baseline.forEach((r, i) => rows.push(runRow(`hand-written #${i + 1}`, r), runRow(`atrium #${i + 1}`, results.subject[i])));
    const ratio = meanRps(results.subject) / meanRps(results.baseline);
    console.log(
      `${USERS} users (+ admin); autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating, loopback; each server in its own process`,
    );
    console.log(table(rows));
    console.log(`each round: ${roundRatios(results)}`);
    assertGoal({
      name: `GET /users (page of 20 + total) vs hand-written express + pg + jsonwebtoken (${fixed(meanRps(results.subject), 0)} / ${fixed(meanRps(results.baseline), 0)} req/s)`,
      figure: `${fixed(ratio, 2)}x`,
      goal: `>= ${GOAL}x`,
      met: ratio >= GOAL,
    });
    assertNoFailures(failuresOf([...results.baseline, ...results.subject]), 'the list');
  } finally {
    for (const server of servers) await server.stop();
    await database.cleanup();
  }
}

/**
 * The organisation through the API (bench/organisation.ts), then the users and their links
 * straight through SQL. Every seeded user shares one real argon2id hash; none of them logs in.
 */
export async function seed(baseUrl: string, bearer: string, databaseUrl: string): Promise<void> {
  const { deptIds: depts, postIds: posts, roleIds: roles } = await seedOrganisation(baseUrl, bearer);
  const passwordHash = await hash('nobody-logs-in-as-a-seeded-user', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const year = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  const users = Array.from({ length: USERS }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    const created = new Date(now - year + Math.floor((i * year) / USERS));
    return {
      id: newId(),
      username: `user${n}`,
      nickname: `User ${n}`,
      email: i % 7 === 0 ? null : `user${n}@example.com`,
      phone: i % 3 === 0 ? null : `+86138${String(i).padStart(8, '0')}`,
      status: i % 10 === 9 ? 'disabled' : 'active',
      deptId: depts[i % depts.length],
      version: 1 + (i % 3),
      createdAt: created,
      updatedAt: created,
    };
  });
  const column = <K extends keyof (typeof users)[number]>(key: K) => users.map((u) => u[key]);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  // The users are the default tenant's: its id fills tenant_id, as a request of that tenant would.
  await client.query(`select set_config('${TENANT_SETTING}', $1, false)`, [DEFAULT_TENANT_ID]);
  try {
    await client.query(
      `insert into users_user (id, username, nickname, email, phone, password_hash, status, dept_id, version, created_at, updated_at)
       select id, username, nickname, email, phone, $6, status, dept_id, version, created_at, created_at
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $7::text[], $8::uuid[], $9::int[], $10::timestamptz[])
         as u(id, username, nickname, email, phone, status, dept_id, version, created_at)`,
      [
        column('id'),
        column('username'),
        column('nickname'),
        column('email'),
        column('phone'),
        passwordHash,
        column('status'),
        column('deptId'),
        column('version'),
        column('createdAt'),
      ],
    );
    // Everyone holds one role, every fifth user a second; two users in three fill a post.
    const roleLinks = users.flatMap((u, i) => [[u.id, roles[i % roles.length]], ...(i % 5 === 0 ? [[u.id, roles[(i + 1) % roles.length]]] : [])]);
    const postLinks = users.flatMap((u, i) => (i % 3 === 0 ? [] : [[u.id, posts[i % posts.length]]]));
    await client.query('insert into users_user_role (user_id, role_id) select * from unnest($1::uuid[], $2::uuid[])', [
      roleLinks.map((l) => l[0]),
      roleLinks.map((l) => l[1]),
    ]);
    await client.query('insert into users_user_post (user_id, post_id) select * from unnest($1::uuid[], $2::uuid[])', [
      postLinks.map((l) => l[0]),
      postLinks.map((l) => l[1]),
    ]);
    await client.query('analyze users_user; analyze users_user_role; analyze users_user_post');
  } finally {
    await client.end();
  }
}

/** Both answer 200 with the same JSON (trace ids aside); both refuse a request without a token. */
async function checkSameAnswer(baselineUrl: string, kernelUrl: string, headers: Record<string, string>): Promise<void> {
  const strip = (body: Record<string, unknown>) => JSON.stringify({ ...body, traceId: typeof body.traceId });
  const [baseline, kernel] = await Promise.all([fetch(baselineUrl, { headers }), fetch(kernelUrl, { headers })]);
  const baselineBody = strip((await baseline.json()) as Record<string, unknown>);
  const kernelBody = strip((await kernel.json()) as Record<string, unknown>);
  if (baseline.status !== 200 || kernel.status !== 200 || baselineBody !== kernelBody) {
    throw new Error(
      `the two lists must answer the same:\n  hand-written ${baseline.status} ${baselineBody.slice(0, 600)}\n  atrium ${kernel.status} ${kernelBody.slice(0, 600)}`,
    );
  }
  const total = (JSON.parse(kernelBody) as { data: { total: number; items: unknown[] } }).data;
  if (total.total !== USERS + 1 || total.items.length !== 20) throw new Error(`expected 20 of ${USERS + 1} users, got ${total.items.length} of ${total.total}`);
  for (const url of [baselineUrl, kernelUrl]) {
    const anonymous = await fetch(url);
    if (anonymous.status !== 401) throw new Error(`${url} must refuse a request without a token, but answered ${anonymous.status}`);
  }
}

// Run, unless imported for its seeding (a profiling script, say).
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
