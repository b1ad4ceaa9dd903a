/** The kernel's own migrations, run before any module's. */
import type { ModuleMigration } from '../migrations';
import { KERNEL_ID } from '../../kernel-id';
import { ModuleState0001 } from './0001-module-state';
import { RowChanges0002 } from './0002-row-changes';
import { AppRole0003 } from './0003-app-role';
import { LeakproofSearch0004 } from './0004-leakproof-search';

export const kernelMigrations: readonly ModuleMigration[] = [
  {
    moduleId: KERNEL_ID,
    name: '0001-module-state',
    // The .ts file under @swc-node/register, the .js file once compiled into dist/.
    file: require.resolve('./0001-module-state'),
    migration: ModuleState0001,
  },
  {
    moduleId: KERNEL_ID,
    name: '0002-row-changes',
    file: require.resolve('./0002-row-changes'),
    migration: RowChanges0002,
  },
  {
    moduleId: KERNEL_ID,
    name: '0003-app-role',
    file: require.resolve('./0003-app-role'),
    migration: AppRole0003,
  },
  {
    moduleId: KERNEL_ID,
    name: '0004-leakproof-search',
    file: require.resolve('./0004-leakproof-search'),
    migration: LeakproofSearch0004,
  },
];
