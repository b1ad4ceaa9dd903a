import crypto, { type KeyObject } from 'node:crypto';
import type { DbCapability, ModuleEnvironment } from '@atrium/kernel';

export const ASSET_URL_SECRET = 'ASSET_URL_SECRET';
/** HMAC-SHA256 wants a key at least as long as its hash. */
export const MIN_SECRET_BYTES = 32;
const GENERATED_BYTES = 48;

/**
 * The key signed URLs are made and checked with: `ASSET_URL_SECRET` when set (at least 32 bytes,
 * else the start stops), otherwise a random one made by the first instance to start and kept in
 * `assets_url_secret`, so every instance on the database signs alike and a restart keeps URLs
 * valid. Never logged, never answered.
 */
export async function loadUrlSecret(environment: ModuleEnvironment, db: DbCapability): Promise<KeyObject> {
  const configured = environment.variable(ASSET_URL_SECRET);
  if (configured) {
    if (Buffer.byteLength(configured, 'utf8') < MIN_SECRET_BYTES) {
      throw new Error(`${ASSET_URL_SECRET} is shorter than ${MIN_SECRET_BYTES} bytes: set a longer random value (e.g. \`openssl rand -base64 48\`)`);
    }
    return crypto.createSecretKey(Buffer.from(configured, 'utf8'));
  }
  const connection = db.em().fork().getConnection();
  // Instances starting together each offer one; the row's key decides, and all read the winner.
  await connection.execute('insert into assets_url_secret (id, secret, created_at) values (1, ?, now()) on conflict (id) do nothing', [
    crypto.randomBytes(GENERATED_BYTES).toString('base64url'),
  ]);
  const [row] = (await connection.execute('select secret from assets_url_secret where id = 1')) as { secret: string }[];
  return crypto.createSecretKey(Buffer.from(row.secret, 'base64url'));
}
