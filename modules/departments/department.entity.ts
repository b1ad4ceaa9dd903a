import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

export const DEPARTMENT_STATUSES = ['active', 'disabled'] as const;
export type DepartmentStatus = (typeof DEPARTMENT_STATUSES)[number];

/**
 * A department. The table is created by migrations/0001-create-departments.ts, never from this
 * mapping. `parentId` is a plain column (null for a root) rather than a relation: the service
 * only ever needs ids, and the tree is walked in SQL.
 */
export const DepartmentEntity = defineEntity({
  name: 'Department',
  tableName: 'departments_department',
  properties: (p) => ({
    ...resourceColumns(p),
    parentId: p.uuid().nullable(),
    name: p.string().length(100),
    sort: p.integer(),
    status: p.enum([...DEPARTMENT_STATUSES]),
  }),
});

export type Department = InferEntity<typeof DepartmentEntity>;
