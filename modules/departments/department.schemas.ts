import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { DEPARTMENT_STATUSES } from './department.entity';

export const DepartmentStatus = Type.Union(DEPARTMENT_STATUSES.map((s) => Type.Literal(s)));

export const DepartmentSchema = resourceViewSchema('Department', {
  parentId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'null for a root' }),
  name: Type.String(),
  sort: Type.Integer({ description: 'Order among siblings, ascending' }),
  status: DepartmentStatus,
});

/** Trimmed before it is stored; unique among its siblings whatever the case. */
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const ParentId = Type.Union([Type.String({ format: 'uuid' }), Type.Null()]);
const Sort = Type.Integer({ minimum: 0, maximum: 999_999 });

export const CreateDepartmentBody = named(
  'DepartmentCreate',
  Type.Object({
    parentId: Type.Optional(ParentId),
    name: Name,
    sort: Type.Optional(Sort),
    status: Type.Optional(DepartmentStatus),
  }),
);

export const UpdateDepartmentBody = named(
  'DepartmentUpdate',
  Type.Object({
    parentId: Type.Optional(ParentId),
    name: Type.Optional(Name),
    sort: Type.Optional(Sort),
    status: Type.Optional(DepartmentStatus),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);
