import { DEFAULT_TENANT_ID, contribute, defineModule, provide, rowScoped, runInTenant } from '@atrium/kernel';
import { DepartmentUsageSpi } from '@atrium/module/departments';
import { BuiltinParamsSpi } from '@atrium/module/params';
import { RoleUsageSpi } from '@atrium/module/roles';
import { TaskHandlerSpi } from '@atrium/module/tasks';
import { TenantProvisionerSpi } from '@atrium/module/tenants';
import { adminPasswordProblems, refuseWellKnownAdminPassword } from './admin-password-check';
import { UserDirectoryApi } from './api';
import { UserErrors } from './errors';
import { importTask } from './import/import.task';
import { importTemplateRoute, importUsersRoute } from './import/import.routes';
import { PASSWORD_MIN_LENGTH } from './password-policy';
import { dummyPasswordHash } from './passwords';
import { seedAdmin } from './seed-admin';
import { tenantAdministrator } from './tenant-administrator';
import { userDictionaries } from './user-dictionaries';
import { departmentUsage, roleUsage } from './usage';
import { UserDirectoryService } from './user-directory';
import { UserEntity, UserPostEntity, UserRoleEntity } from './user.entity';
import { exportUsers } from './user-export.routes';
import { createUser, deleteUser, getUser, listUsers, resetPassword, updateUser } from './users.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/users': '用户管理' } },
  errors: UserErrors,
  entities: [UserEntity, UserRoleEntity, UserPostEntity],
  // A user is in a caller's data scope through its department, or when it is the caller.
  rowScoped: [rowScoped(UserEntity, { dept: 'deptId', owner: 'id' })],
  routes: [listUsers, exportUsers, getUser, createUser, updateUser, deleteUser, resetPassword, importTemplateRoute, importUsersRoute],
  provides: [provide(UserDirectoryApi, (ctx) => new UserDirectoryService(ctx))],
  contributes: [
    contribute(DepartmentUsageSpi, departmentUsage),
    contribute(RoleUsageSpi, roleUsage),
    contribute(BuiltinParamsSpi, () => ({ definitions: [PASSWORD_MIN_LENGTH] })),
    contribute(TenantProvisionerSpi, tenantAdministrator),
    contribute(TaskHandlerSpi, (ctx) => ({ handlers: [importTask(ctx)] })),
    userDictionaries,
  ],
  checkEnvironment: adminPasswordProblems,
  async start(ctx) {
    // The hash unknown usernames are checked against, ready before the first login.
    await dummyPasswordHash();
    // The seeded administrator is the default tenant's: the platform administrator.
    await runInTenant(DEFAULT_TENANT_ID, async () => {
      await seedAdmin(ctx);
      await refuseWellKnownAdminPassword(ctx);
    });
  },
});
