import { escapeLike, newId, runAsPlatform, runInTenant, type DbCapability, type FilterQuery, type PageRequest } from '@atrium/kernel';
import { newKeySecret } from './api-key-secret';
import { ApiKeyEntity, type ApiKey } from './api-key.entity';

export interface NewApiKey {
  userId: string;
  username: string;
  name: string;
  permissions: string[];
  expiresAt: Date | null;
}

/** What checking a presented key needs of its row, times in ms: cached per key by its lookup part. */
export interface KeyRecord {
  id: string;
  tenantId: string;
  userId: string;
  name: string;
  secretHash: string;
  permissions: string[];
  expiresAt: number | null;
  revokedAt: number | null;
  /** When `last_used_at` was last written (ms; 0: never), so it is written at most once a minute. */
  usedAt: number;
}

interface KeyRow {
  id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  permissions: string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
}

/**
 * API keys in the database. Stateless: the EntityManager is taken per call, the request's inside
 * a request (confined to the caller's tenant) and a fresh fork outside one.
 */
export class ApiKeyStore {
  constructor(private readonly db: DbCapability) {}

  /** Stores a new key; answers it with the whole key, which is never known again. */
  async create(input: NewApiKey, now = new Date()): Promise<{ row: ApiKey; key: string }> {
    const { key, lookup, secretHash } = newKeySecret();
    const em = this.db.em();
    const row = em.create(ApiKeyEntity, { id: newId(), ...input, lookup, secretHash, lastUsedAt: null, createdAt: now, revokedAt: null });
    await em.flush();
    return { row, key };
  }

  /**
   * Keys not revoked, a page at a time, newest first unless the page sorts otherwise: one user's
   * (`userId`), or everyone's the request may see, those whose owner's name contains `username`.
   */
  async list(page: PageRequest, filters: { userId?: string; username?: string }): Promise<[ApiKey[], number]> {
    const where: FilterQuery<ApiKey> = { revokedAt: null };
    if (filters.userId) where.userId = filters.userId;
    if (filters.username) where.username = { $ilike: `%${escapeLike(filters.username)}%` };
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: 'desc' } as const;
    return this.db.em().findAndCount(ApiKeyEntity, where, { orderBy, limit: page.limit, offset: page.offset });
  }

  /** The owner of a live key, or null when there is no such key alive. */
  async ownerOf(id: string): Promise<string | null> {
    const row = await this.db.em().findOne(ApiKeyEntity, { id, revokedAt: null }, { fields: ['userId'] });
    return row?.userId ?? null;
  }

  /** Revokes a key (one of `ownerId`'s, when given); answers it, or null when there is no such key alive. */
  async revoke(id: string, ownerId?: string, now = new Date()): Promise<ApiKey | null> {
    const em = this.db.em();
    const row = await em.findOne(ApiKeyEntity, { id, revokedAt: null, ...(ownerId ? { userId: ownerId } : {}) });
    if (!row) return null;
    const revoked = await em.nativeUpdate(ApiKeyEntity, { id, revokedAt: null }, { revokedAt: now });
    return revoked > 0 ? row : null;
  }

  /**
   * The key whose lookup part this is, whichever tenant it belongs to: a presented key is all
   * there is to tell the tenant by. Read as the platform, by the unique lookup index.
   */
  async findByLookup(lookup: string): Promise<KeyRecord | null> {
    const rows = await runAsPlatform(() =>
      this.db
        .em()
        .getConnection()
        .execute<KeyRow[]>(
          'select id, tenant_id, user_id, name, secret_hash, permissions::text as permissions, expires_at, revoked_at, last_used_at from api_keys_key where lookup = ?',
          [lookup],
        ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      userId: row.user_id,
      name: row.name,
      secretHash: row.secret_hash,
      permissions: JSON.parse(row.permissions) as string[],
      expiresAt: millis(row.expires_at),
      revokedAt: millis(row.revoked_at),
      usedAt: millis(row.last_used_at) ?? 0,
    };
  }

  /** Records that the key was used; the caller decides how often that is worth a write. */
  async touch(record: Pick<KeyRecord, 'id' | 'tenantId'>, at: Date): Promise<void> {
    await runInTenant(record.tenantId, () => this.db.em().fork().nativeUpdate(ApiKeyEntity, { id: record.id }, { lastUsedAt: at }));
  }
}

function millis(value: Date | string | null): number | null {
  return value === null ? null : new Date(value).getTime();
}
