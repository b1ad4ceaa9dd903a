/** A module as GET /system/modules lists it (the fields this page shows). */
export interface Module {
  id: string;
  name: string;
  version: string;
  description: string | null;
  status: 'enabled' | 'disabled';
  builtin: boolean;
  dependsOn: string[];
  dependents: string[];
}

/** The permission codes behind the page's actions (modules/system/README.md). */
export const MODULE_PERMISSIONS = { edit: 'system:module:edit' } as const;
