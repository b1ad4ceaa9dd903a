import type { Manifest } from '../manifest/manifest.types';
import type { DefinedModule } from './define-module';
import type { ModuleMigration } from '../db/migrations';
import type { OperationNotes } from '../http/openapi-notes';

/** A module whose manifest is valid and whose code has been required, not yet checked. */
export interface LoadedModule {
  manifest: Manifest;
  dir: string;
  /** Absolute path of manifest.json. */
  file: string;
  /** Absolute path of the entry (index.ts / index.js), or null for a manifest-only module. */
  entry: string | null;
  definition: DefinedModule;
  migrations: ModuleMigration[];
  builtin: boolean;
  /** What the module's `@openapi` doc comments add to its operations, by `<method> <path>`. */
  notes: ReadonlyMap<string, OperationNotes>;
  /**
   * The routes left out of `definition` because their permission is served only when declared
   * (`whenDeclared`) and the manifest does not declare it, one sentence each saying how to serve
   * it: the install logs them as warnings.
   */
  routesLeftOut: readonly string[];
}
