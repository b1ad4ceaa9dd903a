import { newId, runAsPlatform, type DbCapability } from '@atrium/kernel';
import { hashRefreshToken, newRefreshToken } from '../refresh-token';

/** What an mfaToken lets its holder do: give the second factor, or (a role requires one) enrol it. */
export type ChallengePurpose = 'verify' | 'enrol';

/** A live challenge, found by its token. */
export interface MfaChallenge {
  id: string;
  userId: string;
  tenantId: string;
  purpose: ChallengePurpose;
}

interface ChallengeRow {
  id: string;
  user_id: string;
  tenant_id: string;
  purpose: ChallengePurpose;
}

/**
 * The mfaTokens a login answers when its password was right and a second factor is due: made and
 * kept as refresh tokens are (32 random bytes; only the sha256 is stored), bound to the user and
 * their tenant, short-lived, and spent by the login they complete.
 */
export class MfaChallenges {
  constructor(private readonly db: DbCapability) {}

  /** A new token for the user (in the current tenant); their spent and expired ones are dropped. */
  async issue(userId: string, purpose: ChallengePurpose, ttlSeconds: number, now = new Date()): Promise<string> {
    const token = newRefreshToken();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await this.db.em().transactional(async (em) => {
      await em.execute('delete from auth_mfa_challenge where user_id = ? and (spent_at is not null or expires_at <= ?)', [userId, now]);
      await em.execute('insert into auth_mfa_challenge (id, user_id, purpose, token_hash, created_at, expires_at) values (?, ?, ?, ?, ?, ?)', [
        newId(),
        userId,
        purpose,
        hashRefreshToken(token),
        now,
        expiresAt,
      ]);
    });
    return token;
  }

  /**
   * The live challenge a token names, whatever its tenant (the token is what tells it), or null
   * for a token unknown, spent or expired.
   */
  async find(token: string, now = new Date()): Promise<MfaChallenge | null> {
    const rows = await runAsPlatform(() =>
      this.db
        .em()

        .execute<ChallengeRow[]>(
          'select id, user_id, tenant_id, purpose from auth_mfa_challenge where token_hash = ? and spent_at is null and expires_at > ?',
          [hashRefreshToken(token), now],
        ),
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, tenantId: row.tenant_id, purpose: row.purpose } : null;
  }

  /** Spends the challenge (in its tenant); false when another request spent it first. */
  async spend(id: string, now = new Date()): Promise<boolean> {
    const rows = await this.db
      .em()

      .execute<unknown[]>('update auth_mfa_challenge set spent_at = ? where id = ? and spent_at is null and expires_at > ? returning id', [now, id, now]);
    return rows.length > 0;
  }

  /** Drops every token of the user (in the current tenant): their account is gone. */
  async removeAllOf(userId: string): Promise<void> {
    await this.db.em().execute('delete from auth_mfa_challenge where user_id = ?', [userId]);
  }
}
