import type { CliCommand } from '../command';
import { manifestValidate } from './manifest-validate';
import { migrate } from './migrate';
import { modulesCheck, modulesList } from './modules';

/** Every CLI command, in the order `atrium help` lists them. */
export const commands: CliCommand[] = [manifestValidate, modulesCheck, modulesList, migrate];
