/** The kernel's own migrations, run before any module's. */
import type { ModuleMigration } from '../migrations';
import { ModuleState0001 } from './0001-module-state';

export const KERNEL_MODULE_ID = 'kernel';

export const kernelMigrations: readonly ModuleMigration[] = [
  {
    moduleId: KERNEL_MODULE_ID,
    name: '0001-module-state',
    // The .ts file under @swc-node/register, the .js file once compiled into dist/.
    file: require.resolve('./0001-module-state'),
    migration: ModuleState0001,
  },
];
