/**
 * Tenants and their users for tenancy.bench.ts, written straight through SQL as the database's
 * owner: a hundred thousand users made through the API would hash as many passwords. The owner
 * bypasses row-level security and has no tenant set, so every row names its `tenant_id` itself.
 * Users are shaped as users-list.bench.ts seeds them: one in seven without an email, one in three
 * without a phone, one in ten disabled, spread over the tenant's departments and created over the
 * last year; everyone holds a role, every fifth user a second, two users in three fill a post.
 */
import { Client } from 'pg';
import { newId } from '../kernel/db/ids';
import type { Organisation } from './organisation';

/** A tenant and the organisation its users belong to. */
export interface TenantOrganisation extends Organisation {
  tenantId: string;
}

/**
 * `count` active tenants (`tenant0001`…) as POST /tenants stores them, each with an organisation
 * shaped like seedOrganisation()'s. Nobody logs in to them, so they have no administrator, and
 * their departments, posts and roles are ids only: the users list shows ids, never reads them.
 */
export async function insertTenants(databaseUrl: string, count: number): Promise<TenantOrganisation[]> {
  const tenants = Array.from({ length: count }, () => ({
    tenantId: newId(),
    deptIds: Array.from({ length: 13 }, newId),
    postIds: Array.from({ length: 4 }, newId),
    roleIds: Array.from({ length: 3 }, newId),
  }));
  await withClient(databaseUrl, (client) =>
    client.query(
      `insert into tenants_tenant (id, code, name, created_at, updated_at)
       select id, 'tenant' || lpad(n::text, 4, '0'), 'Tenant ' || n, now(), now() from unnest($1::uuid[]) with ordinality as t(id, n)`,
      [tenants.map((t) => t.tenantId)],
    ),
  );
  return tenants;
}

/**
 * `perTenant` users (`user000001`…) in each tenant, with their roles and posts, in one
 * transaction; then VACUUM ANALYZE, so the planner and the visibility map see them. Every
 * organisation must have as many departments, posts and roles as the others (they are passed as
 * two-dimensional arrays). Ids are UUID v7 of each user's creation time, their other bits random.
 */
export async function insertUsers(databaseUrl: string, tenants: readonly TenantOrganisation[], perTenant: number, passwordHash: string): Promise<void> {
  const year = 365 * 24 * 3600 * 1000;
  await withClient(databaseUrl, async (client) => {
    await client.query('begin');
    await client.query(
      `insert into users_user (tenant_id, id, username, nickname, email, phone, password_hash, status, dept_id, version, created_at, updated_at)
       select t.id,
         (lpad(to_hex(ms), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
         'user' || lpad(i::text, 6, '0'),
         'User ' || lpad(i::text, 6, '0'),
         case when i % 7 = 0 then null else 'user' || lpad(i::text, 6, '0') || '@example.com' end,
         case when i % 3 = 0 then null else '+86138' || lpad(i::text, 8, '0') end,
         $3,
         case when i % 10 = 9 then 'disabled' else 'active' end,
         ($4::uuid[])[t.n::int][1 + i % array_length($4::uuid[], 2)],
         1 + i % 3,
         to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0)
       from unnest($1::uuid[]) with ordinality as t(id, n)
         cross join generate_series(1, $2::int) as i
         cross join lateral (select $5::bigint - $6::bigint + ((i - 1)::bigint * $6::bigint) / $2::int as ms) as m`,
      [tenants.map((t) => t.tenantId), perTenant, passwordHash, tenants.map((t) => t.deptIds), Date.now(), year],
    );
    const seeded = `unnest($1::uuid[]) with ordinality as t(id, n)
      join users_user u on u.tenant_id = t.id and u.username ~ '^user[0-9]{6}$'
      cross join lateral (select substring(u.username from 5)::int as i) as s`;
    await client.query(
      `insert into users_user_role (tenant_id, user_id, role_id)
       select u.tenant_id, u.id, ($2::uuid[])[t.n::int][1 + (s.i + k) % array_length($2::uuid[], 2)]
       from ${seeded} cross join generate_series(0, 1) as k where k = 0 or s.i % 5 = 0`,
      [tenants.map((t) => t.tenantId), tenants.map((t) => t.roleIds)],
    );
    await client.query(
      `insert into users_user_post (tenant_id, user_id, post_id)
       select u.tenant_id, u.id, ($2::uuid[])[t.n::int][1 + s.i % array_length($2::uuid[], 2)] from ${seeded} where s.i % 3 <> 0`,
      [tenants.map((t) => t.tenantId), tenants.map((t) => t.postIds)],
    );
    await client.query('commit');
    // Outside the transaction (VACUUM refuses one).
    await client.query('vacuum analyze users_user, users_user_role, users_user_post, tenants_tenant');
  });
}

async function withClient<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
