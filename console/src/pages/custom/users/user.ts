/** The codes the users API checks (modules/users/README.md), which hide the buttons behind them. */
export const USER_PERMISSIONS = {
  add: 'system:user:add',
  edit: 'system:user:edit',
  remove: 'system:user:remove',
  resetPwd: 'system:user:resetPwd',
  export: 'system:user:export',
  import: 'system:user:import',
  resetMfa: 'system:mfa:reset',
} as const;

/** A user as the list and the item answer it. */
export interface User {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  status: 'active' | 'disabled';
  deptId: string | null;
  postIds: string[];
  roleIds: string[];
  createdAt: string;
  version: number;
}
