/**
 * GET /api/v1/users?page=1&pageSize=20 (a page of 20 with its total) under tenancy
 * (docs/tenancy.md), each figure a ratio against the same build measured in the same run:
 *
 * 1. A tenant's administrator listing its tenant's 10,000 users (BENCH_USERS), every statement
 *    under row-level security, in an installation where the default tenant has as many users, vs
 *    the default tenant's administrator listing 10,000 users where only the default tenant has
 *    users (single-tenant). Goal: at least 0.9.
 * 2. A tenant's administrator listing its 100 users among 1,000 tenants of 100 users each, vs
 *    the same in an installation whose one tenant (besides the default one, holding only its
 *    administrator) has 100 users. Goal: no more than 1.2x slower, so at least 1/1.2 = 0.83.
 *
 * Row-level security is no switch: a single-tenant installation's statements run under it too, in
 * the default tenant. What is measured is what sharing the tables with other tenants costs one of
 * them, so each goal compares two installations, each a server in its own process on its own
 * database; two tenants of one installation would each pay for the other's rows, and the ratio
 * would show nothing of it. The two are otherwise the same: one build, started alike with
 * the same pool, on the same PostgreSQL (127.0.0.1:5432, BENCH_POSTGRES_URL; fresh databases,
 * dropped at the end), users of the same shape and number written by the same SQL, the same page
 * checked to answer the same total, measured alternately in rounds with the same autocannon
 * settings. In goal 2 the measured tenant is made through the API in both, with its
 * administrator and organisation, so only the 999 other tenants differ.
 *
 *   npm run bench -- tenancy
 *   BENCH_SECONDS=2 BENCH_ROUNDS=3 npm run bench -- tenancy
 */
import { hash } from '@node-rs/argon2';
import { DEFAULT_TENANT_ID } from '../kernel/db/tenancy/tenancy-names';
import { startAtrium } from './atrium-process';
import { assertGoal, assertNoFailures } from './goals';
import { seedOrganisation } from './organisation';
import { BENCH_ADMIN_PASSWORD, RUN_HEADER, alternate, failuresOf, fixed, loginBearer, meanRps, postgresDatabase, roundRatios, runRow, table } from './support';
import { insertTenants, insertUsers, type TenantOrganisation } from './tenant-users';

const SHARED_GOAL = 0.9;
const MANY_TENANTS_SLOWER_AT_MOST = 1.2;
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TENANTS = 1000;
const TENANT_USERS = 100;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The platform's pool (DATABASE_POOL_SIZE's default), as users-list.bench.ts runs it. */
const POOL_SIZE = 10;
const PATH = '/api/v1/users?page=1&pageSize=20';
const TENANT_ADMIN_PASSWORD = 'bench-tenant-admin-password-1';

interface Installation {
  url: string;
  databaseUrl: string;
  /** The default tenant's administrator. */
  platform: string;
}

/** Who lists, where. */
interface Lister {
  url: string;
  bearer: string;
}

const cleanups: Array<() => Promise<void>> = [];

async function main(): Promise<void> {
  try {
    const passwordHash = await hash('nobody-logs-in-as-a-seeded-user', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const defaultTenant = async (installation: Installation): Promise<TenantOrganisation> => ({
      tenantId: DEFAULT_TENANT_ID,
      ...(await seedOrganisation(installation.url, installation.platform)),
    });

    const single = await install();
    await insertUsers(single.databaseUrl, [await defaultTenant(single)], USERS, passwordHash);
    const shared = await install();
    const sharing = await createTenant(shared);
    await insertUsers(shared.databaseUrl, [await defaultTenant(shared), sharing], USERS, passwordHash);
    await compare(
      `a tenant's ${USERS + 1} users among ${2 * USERS + 2} vs a single-tenant installation's`,
      { url: single.url, bearer: single.platform },
      sharing,
      USERS + 1,
      SHARED_GOAL,
    );
    await stopAll();

    // Each measured tenant has its administrator and 99 seeded users; the other tenants, 100 seeded.
    const one = await install();
    const alone = await createTenant(one);
    await insertUsers(one.databaseUrl, [alone], TENANT_USERS - 1, passwordHash);
    const many = await install();
    const among = await createTenant(many);
    await insertUsers(many.databaseUrl, [among], TENANT_USERS - 1, passwordHash);
    const started = Date.now();
    await insertUsers(many.databaseUrl, await insertTenants(many.databaseUrl, TENANTS - 1), TENANT_USERS, passwordHash);
    console.log(`seeded ${TENANTS - 1} tenants of ${TENANT_USERS} users in ${fixed((Date.now() - started) / 1000)} s`);
    await compare(
      `a tenant's ${TENANT_USERS} users among ${TENANTS} tenants of ${TENANT_USERS} vs an installation of one such tenant`,
      alone,
      among,
      TENANT_USERS,
      1 / MANY_TENANTS_SLOWER_AT_MOST,
    );
  } finally {
    await stopAll();
  }
}

/** A fresh database and Atrium on it; stopped and dropped by stopAll(). */
async function install(): Promise<Installation> {
  const database = await postgresDatabase();
  cleanups.push(() => database.cleanup());
  const databaseUrl = database.databaseUrl!;
  const server = await startAtrium({ databaseUrl, dataDir: database.dataDir, env: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
  cleanups.push(() => server.stop());
  return { url: server.url, databaseUrl, platform: await loginBearer(server.url, 'admin', BENCH_ADMIN_PASSWORD) };
}

async function stopAll(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Tenant `acme` through POST /tenants with its administrator, logged in, who then makes the tenant's organisation. */
async function createTenant(installation: Installation): Promise<TenantOrganisation & Lister> {
  const res = await fetch(`${installation.url}/api/v1/tenants`, {
    method: 'POST',
    headers: { Authorization: installation.platform, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: 'acme', name: 'Acme', admin: { username: 'chief', password: TENANT_ADMIN_PASSWORD } }),
  });
  const body = (await res.json()) as { data?: { id?: string } };
  if (res.status !== 201 || !body.data?.id) throw new Error(`POST /tenants answered ${res.status}: ${JSON.stringify(body)}`);
  const bearer = await loginBearer(installation.url, 'chief', TENANT_ADMIN_PASSWORD, 'acme');
  return { tenantId: body.data.id, url: installation.url, bearer, ...(await seedOrganisation(installation.url, bearer)) };
}

async function compare(what: string, baseline: Lister, subject: Lister, users: number, goal: number): Promise<void> {
  await checkPage(baseline, users);
  await checkPage(subject, users);
  const settings = { connections: CONNECTIONS, durationSeconds: SECONDS };
  const results = await alternate(
    {
      baseline: { ...settings, url: baseline.url + PATH, headers: { Authorization: baseline.bearer } },
      subject: { ...settings, url: subject.url + PATH, headers: { Authorization: subject.bearer } },
    },
    ROUNDS,
    WARMUP_SECONDS,
  );
  const rows = [RUN_HEADER];
  results.baseline.forEach((r, i) => rows.push(runRow(`baseline #${i + 1}`, r), runRow(`tenant #${i + 1}`, results.subject[i])));
  const ratio = meanRps(results.subject) / meanRps(results.baseline);
  console.log(`\nGET /users, ${what}; autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds alternating, loopback`);
  console.log(table(rows));
  console.log(`each round: ${roundRatios(results)}`);
  assertGoal({
    name: `GET /users, ${what} (${fixed(meanRps(results.subject), 0)} / ${fixed(meanRps(results.baseline), 0)} req/s)`,
    figure: `${fixed(ratio, 2)}x`,
    goal: `>= ${fixed(goal, 2)}x`,
    met: ratio >= goal,
  });
  assertNoFailures(failuresOf([...results.baseline, ...results.subject]), 'the list');
}

/** The page answers 20 users of `users`: the lister's tenant's, however many the table holds. */
async function checkPage(lister: Lister, users: number): Promise<void> {
  const res = await fetch(lister.url + PATH, { headers: { Authorization: lister.bearer } });
  const body = (await res.json()) as { data?: { total: number; items: unknown[] } };
  if (res.status !== 200 || body.data?.total !== users || body.data.items.length !== 20) {
    throw new Error(`expected 20 of ${users} users, got ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
