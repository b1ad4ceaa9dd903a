import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { RolesErrors } from './errors';
import { callerAccess } from './role-escalation';
import { CreateRoleBody, RoleSchema, UpdateRoleBody, type RoleInput } from './role.schemas';
import { RoleService } from './role.service';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Stateless: one per call, so it always sees the request's EntityManager. */
const roles = (ctx: ModuleContext) => new RoleService(ctx);

export const listRoles = defineRoute({
  method: 'GET',
  path: '/roles',
  permission: 'system:role:list',
  summary: 'Roles, a page at a time',
  description: 'Roles with their permissions and data scope. Filters and sort fields are listed with the parameters.',
  query: Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the code or the name.' })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
  }),
  list: { sort: { code: 'code', name: 'name', createdAt: 'createdAt' } },
  response: Paginated(RoleSchema),
  handler: ({ query, page }, ctx) => roles(ctx).list(page, query),
});

export const getRole = defineRoute({
  method: 'GET',
  path: '/roles/{id}',
  permission: 'system:role:query',
  summary: 'One role, with its permissions and departments',
  description: 'One role: its permission codes, its data scope and, for a `custom` scope, the departments it covers.',
  params: IdParams,
  response: RoleSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => roles(ctx).get(params.id),
});

export const createRole = defineRoute({
  method: 'POST',
  path: '/roles',
  permission: 'system:role:add',
  summary: 'Adds a role granting no more than the caller holds',
  description:
    'Every permission must be granted by one of the caller’s, and the data scope may not see more than the caller’s (403 PERM_DENIED_403 otherwise).',
  status: 201,
  body: CreateRoleBody,
  response: RoleSchema,
  errors: [RolesErrors.SYSTEM_ROLE_DUPLICATED_409],
  // The validator filled every default, so the body is a whole role.
  handler: ({ body, principal }, ctx) => roles(ctx).create(body as RoleInput, callerAccess(principal)),
});

export const updateRole = defineRoute({
  method: 'PUT',
  path: '/roles/{id}',
  permission: 'system:role:edit',
  summary: 'Changes a role; `version` is the one the caller read, fields left out keep their value',
  description:
    'Nobody edits a role they hold, nor adds, keeps or takes away a permission they do not hold (403 PERM_DENIED_403 naming it). The administrator role stays active, keeps its code and `*:*:*` (409 SYSTEM_ROLE_PROTECTED_409).',
  params: IdParams,
  body: UpdateRoleBody,
  response: RoleSchema,
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    RolesErrors.SYSTEM_ROLE_DUPLICATED_409,
    RolesErrors.SYSTEM_ROLE_PROTECTED_409,
  ],
  handler: ({ params, body: { version, ...change }, principal }, ctx) => roles(ctx).update(params.id, change, version, callerAccess(principal)),
});

export const deleteRole = defineRoute({
  method: 'DELETE',
  path: '/roles/{id}',
  permission: 'system:role:remove',
  summary: 'Removes a role no user holds; with `version`, only if it is still the one the caller read',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  description: 'Nobody deletes a role granting a permission they do not hold (403 PERM_DENIED_403 naming it).',
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    KernelErrors.PERM_DENIED_403,
    RolesErrors.SYSTEM_ROLE_PROTECTED_409,
    RolesErrors.SYSTEM_ROLE_IN_USE_409,
  ],
  handler: async ({ params, query, principal }, ctx) => {
    await roles(ctx).remove(params.id, query.version, callerAccess(principal));
    return {};
  },
});
