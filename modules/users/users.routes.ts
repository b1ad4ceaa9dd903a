import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { TenantLimitErrors } from '@atrium/module/tenants';
import { callerOf } from './access-rules';
import { UserErrors } from './errors';
import { USER_SORT } from './user-list-order';
import { checkPasswordPolicy } from './password-policy';
import { CreateUserBody, DeleteQuery, IdParams, ResetPasswordBody, UpdateUserBody, UserFilterQuery, UserSchema } from './user.schemas';
import { UserService } from './user.service';

/** Stateless: building one per call costs nothing, and it always sees the request's EntityManager. */
const users = (ctx: ModuleContext) => new UserService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, PERM_DENIED_403, VALIDATION_FAILED_400 } = KernelErrors;
const { SYSTEM_USER_DUPLICATED_409, SYSTEM_USER_PROTECTED_409 } = UserErrors;

export const listUsers = defineRoute({
  method: 'GET',
  path: '/users',
  permission: 'system:user:list',
  summary: 'Users within the caller’s data scope, a page at a time',
  description:
    "Only users within the caller's data scope are listed. Filter by keyword (username, nickname, email or phone), status, department (and the departments under it) or role; sort by the whitelisted fields. Send `cursor` (empty at first, then each `nextCursor`) to scroll by keyset instead of by page, with one sort at most. Past EXACT_COUNT_LIMIT rows, `total` is an estimate and `totalIsEstimate` is true.",
  query: UserFilterQuery,
  list: { sort: USER_SORT },
  response: Paginated(UserSchema, { estimated: true, cursor: true }),
  handler: ({ query, page }, ctx) => users(ctx).list(page, query),
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/users/{id}',
  permission: 'system:user:query',
  summary: 'One user (404 when outside the caller’s data scope)',
  description:
    "The user as every response shows it: never a password or hash. A user outside the caller's data scope is 404 SYSTEM_RESOURCE_NOT_FOUND_404, as if it did not exist.",
  params: IdParams,
  response: UserSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => users(ctx).get(params.id),
});

export const createUser = defineRoute({
  method: 'POST',
  path: '/users',
  permission: 'system:user:add',
  summary: 'Adds a user; `password` is written, never read back',
  description:
    'The username is normalised (trimmed, NFKC, lower-cased) and unique, as are email and phone once normalised (409 SYSTEM_USER_DUPLICATED_409). The password must meet the password policy (a param). A tenant holding as many users as its `userLimit` takes no more (409 TENANT_USER_LIMIT_409). Assigning roles needs the caller to hold everything those roles grant.',
  status: 201,
  body: CreateUserBody,
  response: UserSchema,
  errors: [VALIDATION_FAILED_400, PERM_DENIED_403, SYSTEM_USER_DUPLICATED_409, TenantLimitErrors.TENANT_USER_LIMIT_409],
  handler: async ({ body, principal }, ctx) => {
    await checkPasswordPolicy(ctx, body.password, '/body/password');
    return users(ctx).create(callerOf(principal), body);
  },
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/users/{id}',
  permission: 'system:user:edit',
  summary: 'Changes the fields sent; `version` is the one the caller read. Nobody changes their own roles',
  description:
    'Roles handed out, and the roles or status of a user whose roles grant more than the caller holds, are refused with 403 PERM_DENIED_403 naming each permission the caller lacks.',
  params: IdParams,
  body: UpdateUserBody,
  response: UserSchema,
  errors: [
    SYSTEM_RESOURCE_NOT_FOUND_404,
    SYSTEM_VERSION_CONFLICT_409,
    VALIDATION_FAILED_400,
    PERM_DENIED_403,
    SYSTEM_USER_DUPLICATED_409,
    SYSTEM_USER_PROTECTED_409,
  ],
  handler: ({ params, body: { version, ...changes }, principal }, ctx) => users(ctx).update(callerOf(principal), params.id, changes, version),
});

export const deleteUser = defineRoute({
  method: 'DELETE',
  path: '/users/{id}',
  permission: 'system:user:remove',
  summary: 'Removes a user and ends its sessions; with `version`, only if it is still the one the caller read',
  description:
    "Ends every session of the user at once. The administrator and the caller's own account cannot be removed (409 SYSTEM_USER_PROTECTED_409); a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.",
  params: IdParams,
  query: DeleteQuery,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, SYSTEM_VERSION_CONFLICT_409, PERM_DENIED_403, SYSTEM_USER_PROTECTED_409],
  handler: async ({ params, query, principal }, ctx) => {
    await users(ctx).remove(callerOf(principal), params.id, query.version);
    return {};
  },
});

export const resetPassword = defineRoute({
  method: 'PUT',
  path: '/users/{id}/password',
  permission: 'system:user:resetPwd',
  summary: 'Sets a user’s password (an administrator’s reset) and ends the user’s sessions',
  description:
    'The new password must meet the password policy (400 naming /body/password). Every session of the user ends, so they log in again with the new password.',
  params: IdParams,
  body: ResetPasswordBody,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, VALIDATION_FAILED_400, PERM_DENIED_403],
  handler: async ({ params, body, principal }, ctx) => {
    await checkPasswordPolicy(ctx, body.password, '/body/password');
    await users(ctx).resetPassword(callerOf(principal), params.id, body.password);
    return {};
  },
});
