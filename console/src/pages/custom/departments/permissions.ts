/** The codes the departments API checks (modules/departments/README.md), which hide the buttons behind them. */
export const DEPT_PERMISSIONS = {
  list: 'system:dept:list',
  add: 'system:dept:add',
  edit: 'system:dept:edit',
  remove: 'system:dept:remove',
} as const;
