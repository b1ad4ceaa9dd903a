/**
 * A PostgreSQL database of many users for users-million.bench.ts, seeded once and kept across
 * runs: a million users take about a minute to write and index, far longer than a run measures.
 * A marker table, written in the seeding's own transaction, says how many users it holds; a
 * database without it (never seeded, or a seeding that failed) is dropped and made again.
 */
import { Client } from 'pg';
import { DEFAULT_TENANT_ID, TENANT_SETTING } from '../kernel/db/tenancy/tenancy-names';
import type { Organisation } from './organisation';
import { POSTGRES_URL } from './support';

const MARKER = 'bench_seed';

/** The database's name for a count of users: one per size, so a short run keeps the full one. */
export function manyUsersDatabaseUrl(users: number): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${users === 1_000_000 ? 'atrium_bench_million' : `atrium_bench_users_${users}`}`;
  return url.toString();
}

/** How many users the marker says the database holds; undefined when it is not there or not seeded. */
export async function seededUsers(databaseUrl: string): Promise<number | undefined> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    // No marker table (an error here) means never seeded.
    const marker = await client.query<{ users: number }>(`select users from ${MARKER}`).catch(() => undefined);
    return marker?.rows[0]?.users;
  } finally {
    await client.end();
  }
}

/** Drops the database if it is there and creates it empty. */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Writes `users` users and their links in one transaction, from generate_series: usernames
 * `user0000001`…, one in seven without an email, one in three without a phone, one in ten
 * disabled, spread over the departments, created over the last year (UUID v7 ids of that time).
 * Everyone holds a role, every fifth user a second; two users in three fill a post. The tables'
 * indexes (whatever the migrations made, trigram ones included) are dropped first and built
 * again after: one build is much faster than a million updates of each index.
 */
export async function seedManyUsers(databaseUrl: string, users: number, organisation: Organisation, passwordHash: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query("set local maintenance_work_mem = '512MB'");
    // The users are the default tenant's: its id fills tenant_id, as a request of that tenant would.
    await client.query(`select set_config('${TENANT_SETTING}', $1, true)`, [DEFAULT_TENANT_ID]);
    // The links' foreign keys are deferred; checked at the end of each statement instead, as
    // CREATE INDEX refuses a table with checks still pending.
    await client.query('set constraints all immediate');
    const indexes = await client.query<{ name: string; definition: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       where t.relname in ('users_user', 'users_user_role', 'users_user_post')
         and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    );
    for (const index of indexes.rows) await client.query(`drop index ${client.escapeIdentifier(index.name)}`);
    const year = 365 * 24 * 3600 * 1000;
    await client.query(
      `insert into users_user (id, username, nickname, email, phone, password_hash, status, dept_id, version, created_at, updated_at)
       select (lpad(to_hex(ms), 12, '0') || '7' || lpad(to_hex(i % 4096), 3, '0') || '8' || lpad(to_hex(i), 15, '0'))::uuid,
         'user' || lpad(i::text, 7, '0'),
         'User ' || lpad(i::text, 7, '0'),
         case when i % 7 = 0 then null else 'user' || lpad(i::text, 7, '0') || '@example.com' end,
         case when i % 3 = 0 then null else '+86138' || lpad(i::text, 8, '0') end,
         $3,
         case when i % 10 = 9 then 'disabled' else 'active' end,
         ($2::uuid[])[1 + i % cardinality($2::uuid[])],
         1 + i % 3,
         to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0)
       from generate_series(1, $1::int) as i
         cross join lateral (select $4::bigint - $5::bigint + (i::bigint * $5::bigint) / $1::int as ms) as t`,
      [users, organisation.deptIds, passwordHash, Date.now(), year],
    );
    const seeded = `(select id, substring(username from 5)::int as i from users_user where username ~ '^user[0-9]{7}$') as u`;
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
    for (const index of indexes.rows) await client.query(index.definition);
    await client.query(`create table ${MARKER} (users integer not null, seeded_at timestamptz not null default now())`);
    await client.query(`insert into ${MARKER} (users) values ($1)`, [users]);
    await client.query('commit');
    // Outside the transaction (VACUUM refuses one): the visibility map and the planner's statistics.
    await client.query('vacuum analyze users_user, users_user_role, users_user_post');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
