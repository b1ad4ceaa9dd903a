/** The folders modules are discovered in: the built-in `modules/`, then MODULE_PATH's entries. */
import fs from 'node:fs';
import { readConfig } from '../config';
import { builtinModulesDir } from '../paths';

export function moduleRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  // git keeps no empty folders, so a checkout without built-in modules has no `modules/` at all;
  // that is an empty root, not a misconfiguration worth a problem.
  const builtin = fs.existsSync(builtinModulesDir) ? [builtinModulesDir] : [];
  // Only MODULE_PATH is passed, so that an unrelated bad setting cannot fail a module command,
  // while MODULE_PATH is parsed exactly as the server parses it.
  return [...builtin, ...readConfig({ MODULE_PATH: env.MODULE_PATH }).modulePaths];
}
