import { defineModule, provide, rowScoped } from '@atrium/kernel';
import { DepartmentTreeApi } from './api';
import { DepartmentTreeReader } from './department-tree';
import { DepartmentEntity } from './department.entity';
import { createDepartment, deleteDepartment, departmentTree, getDepartment, listDepartments, updateDepartment } from './departments.routes';
import { DepartmentErrors } from './errors';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: DepartmentErrors,
  entities: [DepartmentEntity],
  // A department is in a caller's data scope when its own id is.
  rowScoped: [rowScoped(DepartmentEntity, { dept: 'id' })],
  // The tree route is declared before /departments/{id}, which would otherwise take "tree" for an id.
  routes: [listDepartments, departmentTree, getDepartment, createDepartment, updateDepartment, deleteDepartment],
  provides: [provide(DepartmentTreeApi, (ctx) => new DepartmentTreeReader(ctx.db))],
});
