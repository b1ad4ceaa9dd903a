import { contains, defineResource, equals, Type } from '@atrium/kernel';
import { TREE_CHANGED } from './api';
import { DepartmentEntity } from './department.entity';
import { CreateDepartmentBody, DepartmentSchema, DepartmentStatus, UpdateDepartmentBody } from './department.schemas';
import { refuseInUse } from './department-usage';
import { DepartmentErrors } from './errors';

/**
 * The department tree. Every read and write is narrowed to the caller's data scope (a department
 * is in it when its own id is): one outside it is not found, and no parent either.
 */
export const departments = defineResource({
  path: '/departments',
  entity: DepartmentEntity,
  labels: { one: 'department', many: 'departments' },
  permissions: 'system:dept',
  schemas: { view: DepartmentSchema, create: CreateDepartmentBody, update: UpdateDepartmentBody },
  filters: {
    keyword: contains(['name'], 'Part of the name'),
    status: equals('status', DepartmentStatus),
    parentId: equals('parentId', Type.String({ format: 'uuid', description: 'Only the children of this department' })),
  },
  sort: { name: 'name', sort: 'sort', createdAt: 'createdAt' },
  defaultSort: { sort: 'asc', name: 'asc' },
  unique: { departments_department_sibling_name_key: { error: DepartmentErrors.SYSTEM_DEPT_DUPLICATED_409, field: '/body/name' } },
  defaults: { sort: 0, status: 'active' },
  trim: ['name'],
  scope: { dept: 'id' },
  tree: { parent: 'parentId', cycle: DepartmentErrors.SYSTEM_DEPT_CYCLE_409, hasChildren: DepartmentErrors.SYSTEM_DEPT_IN_USE_409, filters: ['status'] },
  hooks: {
    checkDelete: refuseInUse,
    // Data scopes are drawn along the tree: whoever caches them learns that it changed.
    async afterWrite({ action, before, after }, ctx) {
      const moved = action !== 'update' || before?.parentId !== after?.parentId;
      if (moved) await ctx.events.publish(TREE_CHANGED, { deptId: String((after ?? before)!.id) });
    },
  },
  docs: {
    list: {
      summary: 'Departments in the caller’s data scope, a page at a time, flat with their parentId',
      description:
        "A flat page: each department carries its `parentId` (null for a root); `GET /departments/tree` nests them. Departments outside the caller's data scope are not listed. Filter by part of the name, status or parent.",
    },
    tree: {
      summary: 'The departments in the caller’s data scope, nested; one whose parent is out of scope is a root',
      description:
        'Every department the caller may see, nested under `children` and ordered by sort then name; `status` filters the nodes. Use it for pickers and tree views; the flat list pages.',
    },
    get: { description: "One department with its parent, order and status. Outside the caller's data scope it is 404 SYSTEM_RESOURCE_NOT_FOUND_404." },
    create: {
      summary: 'Adds a department, under `parentId` or as a root',
      description:
        'The name is trimmed and must be unique among its siblings whatever its case (409 SYSTEM_DEPT_DUPLICATED_409). A `parentId` that does not exist is 400 naming /body/parentId.',
    },
    update: {
      summary: 'Changes the fields sent (a new `parentId` moves it); `version` is the one the caller read',
      description:
        'What is left out stays as it is. Moving a department under itself or under one of its descendants is 409 SYSTEM_DEPT_CYCLE_409; a name taken among the new siblings is 409 SYSTEM_DEPT_DUPLICATED_409; a stale `version` is 409 SYSTEM_VERSION_CONFLICT_409.',
    },
    delete: {
      summary: 'Removes a department without children or members; with `version`, only if it is still the one read',
      description: 'A department that still has children or users is 409 SYSTEM_DEPT_IN_USE_409: move or remove those first.',
    },
  },
});
