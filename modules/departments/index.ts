import { defineModule, provide } from '@atrium/kernel';
import { DepartmentTreeApi } from './api';
import { DepartmentTreeReader } from './department-tree';
import { DepartmentEntity } from './department.entity';
import { departments } from './department.resource';
import { DepartmentErrors } from './errors';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/departments': '部门管理' } },
  errors: DepartmentErrors,
  entities: [DepartmentEntity],
  // A department is in a caller's data scope when its own id is.
  rowScoped: departments.rowScoped,
  routes: departments.routes,
  provides: [provide(DepartmentTreeApi, (ctx) => new DepartmentTreeReader(ctx))],
});
