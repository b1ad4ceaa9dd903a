import type { Status } from '../../status';

/** The codes the roles API checks (modules/roles/README.md), which hide the buttons behind them. */
export const ROLE_PERMISSIONS = {
  add: 'system:role:add',
  edit: 'system:role:edit',
  remove: 'system:role:remove',
} as const;

/** What rows a role's holders see, narrowest last; `custom` sees the role's `deptIds`. */
export const DATA_SCOPES = ['all', 'custom', 'dept_and_children', 'dept', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** A role as the list and the item answer it. */
export interface Role {
  id: string;
  code: string;
  name: string;
  status: Status;
  dataScope: DataScope;
  deptIds: string[];
  permissions: string[];
  remark: string | null;
  createdAt: string;
  version: number;
}
