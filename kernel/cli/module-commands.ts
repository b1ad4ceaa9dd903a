/**
 * The commands modules add to the CLI (`defineModule({ commands })`). Each runs in a kernel that
 * boots as the server does — migrations, every module started — but serves no HTTP, and stops
 * before the process exits.
 */
import pino from 'pino';
import { boot } from '../boot';
import { readConfig } from '../config';
import { createLogger } from '../logging/logger';
import type { ModuleCommand } from '../modules/define-module';
import type { ModuleProblem } from '../modules/module-problem';
import { prepareModules } from '../modules/prepare';
import type { CliCommand } from './command';

export interface ModuleCommands {
  commands: CliCommand[];
  /** Why the modules could not be loaded (then there are no module commands). */
  problems: ModuleProblem[];
}

/** The module commands of the modules a boot would load (built-in, MODULE_PATH and generated). */
export function moduleCommands(): ModuleCommands {
  const { loaded, problems } = prepareModules(readConfig());
  if (problems.length > 0) return { commands: [], problems };
  const commands = loaded.flatMap((module) => (module.definition.commands ?? []).map((command) => cliCommand(module.manifest.id, command)));
  return { commands, problems: [] };
}

function cliCommand(moduleId: string, command: ModuleCommand): CliCommand {
  return {
    words: [...command.words],
    args: command.args,
    summary: `${command.summary} (module ${moduleId})`,
    async run(args, io) {
      // Log lines go to stderr, warnings and worse unless LOG_LEVEL asks for more: stdout is the
      // command's own output.
      const logger = createLogger(process.env.LOG_LEVEL || 'warn', pino.destination({ dest: 2, sync: true }));
      const kernel = await boot({ listen: false, logger });
      try {
        const runtime = kernel.registry.get(moduleId);
        if (!runtime?.enabled) {
          io.err.write(`module "${moduleId}" is disabled: enable it to run its commands\n`);
          return 1;
        }
        return await command.run(runtime.ctx, args, io);
      } finally {
        await kernel.stop();
      }
    },
  };
}
