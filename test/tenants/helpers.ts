/** What the tenancy tests share: tenants made through the API, and a look at the tenant-owned tables. */
import { expectSuccess } from '../http/helpers';
import { login, type Tokens } from '../support/identity';
import type { TestServer } from '../support/server';

export interface CreatedTenant {
  id: string;
  version: number;
  /** Its administrator `chief`, logged in to it. */
  chief: Tokens;
}

/** A tenant made by a platform administrator (`platform`, a bearer) with its administrator `chief`, who is then logged in. */
export async function createTenant(
  server: TestServer,
  platform: string,
  code: string,
  password: string,
  fields: Record<string, unknown> = {},
): Promise<CreatedTenant> {
  const res = await server
    .http()
    .post('/api/v1/tenants')
    .set('Authorization', platform)
    .send({ code, name: code, admin: { username: 'chief', password }, ...fields });
  const { id, version } = expectSuccess(res, 201).data as { id: string; version: number };
  return { id, version, chief: await login(server, 'chief', password, { tenant: code }) };
}

/** The tenant-owned tables, by their isolation policy (kernel/db/tenancy/tenant-owned.ts). */
export async function tenantOwnedTables(server: TestServer): Promise<string[]> {
  const rows = await server.sql<{ table: string }>(
    "select c.relname as table from pg_policy p join pg_class c on c.oid = p.polrelid where p.polname = c.relname || '_tenant_isolation' order by 1",
  );
  return rows.map((row) => row.table);
}

/**
 * What `read` answers once two readings a moment apart agree: audit records reach the database
 * a moment after the requests they record are answered.
 */
export async function settled<T>(read: () => Promise<T>): Promise<T> {
  for (let previous = await read(); ;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await read();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
}
