import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { DepartmentUsageSpi } from './api';
import { CreateDepartmentBody, DepartmentFilterQuery, DepartmentNodeSchema, DepartmentSchema, IdParams, UpdateDepartmentBody } from './department.schemas';
import { DepartmentService } from './department.service';
import { DepartmentErrors } from './errors';

/** Stateless: one per call, always on the request's EntityManager and the enabled contributions. */
const departments = (ctx: ModuleContext) => new DepartmentService(ctx.db, ctx.events, () => ctx.contributions(DepartmentUsageSpi));

export const listDepartments = defineRoute({
  method: 'GET',
  path: '/departments',
  permission: 'system:dept:list',
  summary: 'Departments in the caller’s data scope, a page at a time, flat with their parentId',
  description:
    "A flat page: each department carries its `parentId` (null for a root); `GET /departments/tree` nests them. Departments outside the caller's data scope are not listed. Filter by part of the name, status or parent.",
  query: DepartmentFilterQuery,
  list: { sort: { name: 'name', sort: 'sort', createdAt: 'createdAt' } },
  response: Paginated(DepartmentSchema),
  handler: ({ query: { keyword, status, parentId }, page }, ctx) => departments(ctx).list(page, { keyword, status, parentId }),
});

export const departmentTree = defineRoute({
  method: 'GET',
  path: '/departments/tree',
  permission: 'system:dept:list',
  summary: 'The departments in the caller’s data scope, nested; one whose parent is out of scope is a root',
  description:
    'Every department the caller may see, nested under `children` and ordered by sort then name; `status` filters the nodes. Use it for pickers and tree views; the flat list pages.',
  // `data` is an object, as every response's is (contract 2.1): the roots are its `items`.
  query: Type.Object({ status: DepartmentFilterQuery.properties.status }),
  response: Type.Object({ items: Type.Array(DepartmentNodeSchema) }),
  handler: async ({ query }, ctx) => ({ items: await departments(ctx).tree(query.status) }),
});

export const getDepartment = defineRoute({
  method: 'GET',
  path: '/departments/{id}',
  permission: 'system:dept:query',
  summary: 'One department',
  description: "One department with its parent, order and status. Outside the caller's data scope it is 404 SYSTEM_RESOURCE_NOT_FOUND_404.",
  params: IdParams,
  response: DepartmentSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => departments(ctx).get(params.id),
});

export const createDepartment = defineRoute({
  method: 'POST',
  path: '/departments',
  permission: 'system:dept:add',
  summary: 'Adds a department, under `parentId` or as a root',
  description:
    'The name is trimmed and must be unique among its siblings whatever its case (409 SYSTEM_DEPT_DUPLICATED_409). A `parentId` that does not exist is 400 naming /body/parentId.',
  status: 201,
  body: CreateDepartmentBody,
  response: DepartmentSchema,
  errors: [DepartmentErrors.SYSTEM_DEPT_DUPLICATED_409],
  handler: ({ body }, ctx) => departments(ctx).create(body),
});

export const updateDepartment = defineRoute({
  method: 'PUT',
  path: '/departments/{id}',
  permission: 'system:dept:edit',
  summary: 'Changes the fields sent (a new `parentId` moves it); `version` is the one the caller read',
  description:
    'What is left out stays as it is. Moving a department under itself or under one of its descendants is 409 SYSTEM_DEPT_CYCLE_409; a name taken among the new siblings is 409 SYSTEM_DEPT_DUPLICATED_409; a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
  params: IdParams,
  body: UpdateDepartmentBody,
  response: DepartmentSchema,
  errors: [
    KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404,
    KernelErrors.SYSTEM_VERSION_CONFLICT_409,
    DepartmentErrors.SYSTEM_DEPT_DUPLICATED_409,
    DepartmentErrors.SYSTEM_DEPT_CYCLE_409,
  ],
  handler: ({ params, body: { version, ...change } }, ctx) => departments(ctx).update(params.id, change, version),
});

export const deleteDepartment = defineRoute({
  method: 'DELETE',
  path: '/departments/{id}',
  permission: 'system:dept:remove',
  summary: 'Removes a department without children or members; with `version`, only if it is still the one read',
  description: 'A department that still has children or users is 409 SYSTEM_DEPT_IN_USE_409: move or remove those first.',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409, DepartmentErrors.SYSTEM_DEPT_IN_USE_409],
  handler: async ({ params, query }, ctx) => {
    await departments(ctx).remove(params.id, query.version);
    return {};
  },
});
