import { newId, type ModuleContext, type ModuleEnvironment, UniqueConstraintViolationException } from '@atrium/kernel';
import { ADMIN_ROLE_CODE, RoleDirectoryApi } from '@atrium/module/roles';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { UserEntity, UserRoleEntity } from './user.entity';
import { ADMIN_USERNAME } from './user.service';
import { LOCAL_ADMIN_PASSWORD } from './well-known-passwords';

/**
 * Creates user `admin` with role `admin` when there is no such user (a fresh database). An
 * existing one is left as it is: ADMIN_PASSWORD only sets the first password.
 */
export async function seedAdmin(ctx: ModuleContext): Promise<void> {
  const em = ctx.db.em();
  if ((await em.count(UserEntity, { username: ADMIN_USERNAME })) > 0) return;
  const password = adminPassword(ctx.environment);
  const problem = await passwordProblem(ctx, password);
  if (problem) throw new Error(`ADMIN_PASSWORD ${problem} long`);
  const role = await ctx.use(RoleDirectoryApi).findByCode(ADMIN_ROLE_CODE);
  if (!role) throw new Error(`there is no role "${ADMIN_ROLE_CODE}" to give the seeded administrator: the roles module's migrations create it`);
  const id = newId();
  em.create(UserEntity, {
    id,
    username: ADMIN_USERNAME,
    nickname: 'Administrator',
    email: null,
    phone: null,
    passwordHash: await hashPassword(password),
    status: 'active',
    deptId: null,
  });
  em.create(UserRoleEntity, { userId: id, roleId: role.id });
  try {
    await em.flush();
  } catch (error) {
    // Another instance starting on the same database seeded it first: that is the admin.
    if (error instanceof UniqueConstraintViolationException) return;
    throw error;
  }
  ctx.log.info({ username: ADMIN_USERNAME }, 'seeded the administrator');
}

/**
 * ADMIN_PASSWORD; locally, without it, the local-only default. A production server needs it set
 * (the boot has already refused a well-known one: admin-password-check.ts).
 */
function adminPassword(environment: ModuleEnvironment): string {
  const configured = environment.variable('ADMIN_PASSWORD') || undefined;
  if (environment.production && configured === undefined) {
    throw new Error('ADMIN_PASSWORD must be set to seed the administrator in production: the local-only default password is never used there');
  }
  return configured ?? LOCAL_ADMIN_PASSWORD;
}
