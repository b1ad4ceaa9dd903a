import type { KernelConfig } from '../config';
import type { LoadedModule } from './loaded-module';
import { moduleEnvironment } from './module-environment';
import { checkedStorage } from './module-storage';

/** Every module's problems with its own settings (ModuleDefinition.checkEnvironment), each led by the module's id. */
export async function moduleEnvironmentProblems(loaded: readonly LoadedModule[], config: KernelConfig): Promise<string[]> {
  const environment = moduleEnvironment(config);
  const problems = await Promise.all(
    loaded.map(async (module) => (await module.definition.checkEnvironment?.(environment, checkedStorage(config.dataDir, module.manifest, module.file))) ?? []),
  );
  return loaded.flatMap((module, i) => problems[i].map((problem) => `${module.manifest.id}: ${problem}`));
}
