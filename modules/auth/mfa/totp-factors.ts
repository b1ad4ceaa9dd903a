import { newId, type DbCapability, type EntityManager, type SecretBox } from '@atrium/kernel';
import { hashRecoveryCode } from './recovery-codes';

/** A user's authenticator: enrolment started (`enabledAt` null) or turned on. */
export interface TotpFactor {
  userId: string;
  /** Null when the stored value cannot be opened: sealed under another key (ENCRYPTION_KEY changed). */
  secret: string | null;
  enabledAt: Date | null;
}

interface FactorRow {
  user_id: string;
  secret: string;
  enabled_at: Date | null;
}

/** A secret as stored before secrets were sealed: base32, where a sealed one has dots. */
const PLAIN_SECRET = /^[A-Z2-7]+$/;

/**
 * The TOTP factors and recovery codes, in the current tenant (their tables are tenant-owned).
 * Secrets are stored sealed (`box`). Every "use once" rule is a conditional update, so two
 * requests racing with one code cannot both win, on any instance.
 */
export class TotpFactors {
  constructor(
    private readonly db: DbCapability,
    private readonly box: SecretBox,
  ) {}

  async find(userId: string): Promise<TotpFactor | null> {
    const rows = await this.db.em().execute<FactorRow[]>('select user_id, secret, enabled_at from auth_totp_factor where user_id = ?', [userId]);
    const row = rows[0];
    if (!row) return null;
    return { userId: row.user_id, secret: await this.opened(row), enabledAt: row.enabled_at === null ? null : new Date(row.enabled_at) };
  }

  /** Starts (or starts again) an enrolment with a new secret; refused by the caller when one is on. */
  async begin(userId: string, secret: string, now = new Date()): Promise<void> {
    await this.db.em().transactional(async (em) => {
      await execute(em, 'delete from auth_totp_factor where user_id = ? and enabled_at is null', [userId]);
      await execute(em, 'insert into auth_totp_factor (user_id, secret, created_at) values (?, ?, ?)', [userId, this.box.seal(secret), now]);
    });
  }

  /**
   * Turns a pending enrolment on, with the step of the code that proved it (spent) and the hashes
   * of new recovery codes (the old ones go). False when there was no pending enrolment.
   */
  async enable(userId: string, step: number, recoveryCodes: string[], now = new Date()): Promise<boolean> {
    return this.db.em().transactional(async (em) => {
      const enabled = await execute(
        em,
        'update auth_totp_factor set enabled_at = ?, last_step = ? where user_id = ? and enabled_at is null returning user_id',
        [now, step, userId],
      );
      if (enabled.length === 0) return false;
      await execute(em, 'delete from auth_recovery_code where user_id = ?', [userId]);
      for (const code of recoveryCodes) {
        await execute(em, 'insert into auth_recovery_code (id, user_id, code_hash) values (?, ?, ?)', [newId(), userId, hashRecoveryCode(code)]);
      }
      return true;
    });
  }

  /** Records `step` as used; false when it, or a later one, already was (a code replayed). */
  async spendStep(userId: string, step: number): Promise<boolean> {
    const rows = await execute(
      this.db.em(),
      'update auth_totp_factor set last_step = ? where user_id = ? and enabled_at is not null and (last_step is null or last_step < ?) returning user_id',
      [step, userId, step],
    );
    return rows.length > 0;
  }

  /** Uses a recovery code; false when it is not one of the user's or was used already. */
  async spendRecoveryCode(userId: string, code: string, now = new Date()): Promise<boolean> {
    const rows = await execute(this.db.em(), 'update auth_recovery_code set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id', [
      now,
      userId,
      hashRecoveryCode(code),
    ]);
    return rows.length > 0;
  }

  /** Removes the user's factor and recovery codes; false when there was neither. */
  async remove(userId: string): Promise<boolean> {
    return this.db.em().transactional(async (em) => {
      const codes = await execute(em, 'delete from auth_recovery_code where user_id = ? returning id', [userId]);
      const factors = await execute(em, 'delete from auth_totp_factor where user_id = ? returning user_id', [userId]);
      return codes.length + factors.length > 0;
    });
  }

  /**
   * The secret of a row. Migrations are SQL only and cannot reach the key, so a secret stored plain
   * before sealing came is sealed here, the first time it is read (the update names the plain
   * value: a concurrent reader's reseal does not run twice).
   */
  private async opened(row: FactorRow): Promise<string | null> {
    if (PLAIN_SECRET.test(row.secret)) {
      await execute(this.db.em(), 'update auth_totp_factor set secret = ? where user_id = ? and secret = ?', [
        this.box.seal(row.secret),
        row.user_id,
        row.secret,
      ]);
      return row.secret;
    }
    try {
      return this.box.open(row.secret);
    } catch {
      return null;
    }
  }
}

function execute(em: EntityManager, sql: string, params: unknown[]): Promise<unknown[]> {
  return em.execute<unknown[]>(sql, params);
}
