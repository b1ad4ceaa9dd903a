import crypto from 'node:crypto';
import type { ModuleContext, ModuleEnvironment } from '@atrium/kernel';
import { passwordMatches } from './passwords';
import { UserEntity } from './user.entity';
import { ADMIN_USERNAME } from './user.service';
import { WELL_KNOWN_PASSWORDS, isWellKnownPassword } from './well-known-passwords';

/** The module's settings problems, asked before the boot migrates anything: ADMIN_PASSWORD off the well-known list in production. */
export function adminPasswordProblems(environment: ModuleEnvironment): string[] {
  const configured = environment.variable('ADMIN_PASSWORD');
  if (!environment.production || !configured || !isWellKnownPassword(configured)) return [];
  return ['ADMIN_PASSWORD is a well-known password (modules/users/well-known-passwords.ts): choose a long random one, e.g. `openssl rand -base64 24`'];
}

/**
 * At every production start, whenever the administrator was made: refuses while the stored
 * administrator's password is the local default or another well-known one, since a database
 * first started locally, or an administrator who set `admin123` through the API, would otherwise
 * go live with it. The hashes are checked side by side on libuv's thread pool, once per stored
 * hash and list: a hash found clean is remembered (users_admin_password_checked), and any change
 * to the hash or to the list checks again.
 */
export async function refuseWellKnownAdminPassword(ctx: ModuleContext): Promise<void> {
  if (!ctx.environment.production) return;
  const connection = ctx.db.em().fork().getConnection();
  const admin = await ctx.db.em().findOne(UserEntity, { username: ADMIN_USERNAME }, { fields: ['passwordHash'] });
  if (!admin?.passwordHash) return;
  const digest = checkedDigest(admin.passwordHash);
  const known = await connection.execute('select 1 from users_admin_password_checked where digest = ?', [digest]);
  if (known.length > 0) return;
  const matches = await Promise.all(WELL_KNOWN_PASSWORDS.map((password) => passwordMatches(admin.passwordHash, password)));
  if (matches.some(Boolean)) {
    throw new Error(
      `the administrator "${ADMIN_USERNAME}" still has a well-known password (modules/users/well-known-passwords.ts), which a production server never serves with: ` +
        'start once outside production (NODE_ENV=development, listening on 127.0.0.1 only), log in as it and change the password (PUT /api/v1/me/password), then start again',
    );
  }
  // One row: the hash checked last. Instances starting together may each write it.
  await connection.execute('delete from users_admin_password_checked where digest <> ?', [digest]);
  await connection.execute('insert into users_admin_password_checked (digest) values (?) on conflict (digest) do nothing', [digest]);
}

/** The stored hash and the list it was checked against, so that a longer list checks again. */
function checkedDigest(passwordHash: string): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([WELL_KNOWN_PASSWORDS, passwordHash]))
    .digest('hex');
}
