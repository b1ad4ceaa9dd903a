import type { KernelConfig } from '../config';
import type { LoadedModule } from './loaded-module';
import { moduleEnvironment } from './module-environment';

/** Every module's problems with its own settings (ModuleDefinition.checkEnvironment), each led by the module's id. */
export function moduleEnvironmentProblems(loaded: readonly LoadedModule[], config: KernelConfig): string[] {
  const environment = moduleEnvironment(config);
  return loaded.flatMap((module) => (module.definition.checkEnvironment?.(environment) ?? []).map((problem) => `${module.manifest.id}: ${problem}`));
}
