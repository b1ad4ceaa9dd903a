import { readInteger, type KernelConfig } from '../config';
import type { ModuleEnvironment } from '../module-api/module-context';

/** What modules see of the server's environment, as the kernel read it at boot. */
export function moduleEnvironment(config: Pick<KernelConfig, 'environment' | 'production' | 'background' | 'variables'>): ModuleEnvironment {
  return {
    name: config.environment,
    production: config.production,
    background: config.background,
    variable: (name) => config.variables[name],
    integer(name, fallback, min, max) {
      const { value, problem } = readInteger(name, config.variables[name], fallback, min, max);
      if (problem) throw new Error(problem);
      return value;
    },
  };
}
