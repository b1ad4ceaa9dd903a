import crypto from 'node:crypto';
import { runAsPlatform, type ModuleContext } from '@atrium/kernel';

/** How long a sign-in may stay at the provider, and a code handed to the console may wait. */
const ATTEMPT_SECONDS = 600;
const HANDOFF_SECONDS = 60;

export interface Attempt {
  tenantId: string;
  providerId: string;
  codeVerifier: string;
  nonce: string;
}

const hash = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Sign-ins under way, in the database so that any instance may take the callback: the PKCE
 * verifier and the nonce, found by the hash of their state, in the tenant that started it.
 */
export async function rememberAttempt(ctx: ModuleContext, state: string, attempt: Omit<Attempt, 'tenantId'>): Promise<void> {
  await ctx.db
    .em()
    .execute('insert into sso_attempt (state_hash, provider_id, code_verifier, nonce, expires_at) values (?, ?, ?, ?, ?)', [
      hash(state),
      attempt.providerId,
      attempt.codeVerifier,
      attempt.nonce,
      new Date(Date.now() + ATTEMPT_SECONDS * 1000),
    ]);
}

/**
 * Takes the attempt of this state, once: the delete that reads it removes it, so a state replayed
 * finds nothing. Read as the platform, since only the row says which tenant it is in (the hash of
 * a random state names one row of one tenant and nothing else). Null: unknown, used or expired.
 */
export function takeAttempt(ctx: ModuleContext, state: string): Promise<Attempt | null> {
  return runAsPlatform(async () => {
    const rows = await ctx.db
      .em()
      .execute<{ tenant_id: string; provider_id: string; code_verifier: string; nonce: string; expires_at: Date | string }[]>(
        'delete from sso_attempt where state_hash = ? returning tenant_id, provider_id, code_verifier, nonce, expires_at',
        [hash(state)],
      );
    const row = rows[0];
    if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
    return { tenantId: row.tenant_id, providerId: row.provider_id, codeVerifier: row.code_verifier, nonce: row.nonce };
  });
}

/** A one-time code for the console, standing for the sealed tokens of a finished sign-in. */
export async function handOff(ctx: ModuleContext, sealedTokens: string): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .em()
    .execute('insert into sso_handoff (code_hash, tokens_sealed, expires_at) values (?, ?, ?)', [
      hash(code),
      sealedTokens,
      new Date(Date.now() + HANDOFF_SECONDS * 1000),
    ]);
  return code;
}

/** The sealed tokens of a one-time code, once (as `takeAttempt`); null: unknown, used or expired. */
export function takeHandoff(ctx: ModuleContext, code: string): Promise<string | null> {
  return runAsPlatform(async () => {
    const rows = await ctx.db
      .em()
      .execute<{ tokens_sealed: string; expires_at: Date | string }[]>('delete from sso_handoff where code_hash = ? returning tokens_sealed, expires_at', [
        hash(code),
      ]);
    const row = rows[0];
    return row && new Date(row.expires_at).getTime() > Date.now() ? row.tokens_sealed : null;
  });
}
