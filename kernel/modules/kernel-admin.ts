import type { CatalogueEntry } from '../errors/error-catalogue';
import type { ManifestGeneration, ManifestMenu, ManifestPermission } from '../manifest/manifest.types';

export type ModuleStatus = 'enabled' | 'disabled';

export interface ModuleSummary {
  id: string;
  name: string;
  version: string;
  description: string | null;
  status: ModuleStatus;
  /** Shipped in the built-in `modules/` folder (as opposed to MODULE_PATH or generated). */
  builtin: boolean;
  dependsOn: string[];
  /** Loaded modules that depend on this one. */
  dependents: string[];
  capabilities: string[];
  publicApis: string[];
  spi: string[];
  permissions: ManifestPermission[];
  menus: ManifestMenu[];
  migrations: string[];
  generation: ManifestGeneration | null;
}

export interface PermissionEntry extends ManifestPermission {
  /** The module whose manifest declares it. */
  moduleId: string;
}

export interface MenuEntry extends ManifestMenu {
  moduleId: string;
}

/** The `kernel` capability: what the system, menus and generator modules manage. */
export interface KernelAdmin {
  modules(): ModuleSummary[];
  module(id: string): ModuleSummary | undefined;
  /** Names of the migrations recorded as applied, per module id. */
  appliedMigrations(): Promise<Map<string, string[]>>;
  enable(id: string): Promise<ModuleSummary>;
  disable(id: string): Promise<ModuleSummary>;
  /** Loads (or replaces) a module folder while running; its routes answer at once. */
  loadModule(dir: string): Promise<ModuleSummary>;
  /** Permissions declared by enabled modules. */
  permissions(): PermissionEntry[];
  /** Menus declared by enabled modules. */
  menus(): MenuEntry[];
  errorCodes(): CatalogueEntry[];
  /** The published v1 manifest schema, as the file holds it. */
  manifestSchemaText(): string;
  /** The OpenAPI 3.1 document of every live route. */
  apiDocument(): Record<string, unknown>;
  /** Prometheus exposition of the kernel's metrics. */
  metrics(): Promise<{ contentType: string; body: string }>;
  /** Runs `listener` after any module is enabled, disabled or loaded. */
  onChange(listener: () => void | Promise<void>): () => void;
  /** Whether the database answers. */
  databaseReachable(): Promise<boolean>;
  info(): KernelInfo;
}

export interface KernelInfo {
  name: string;
  version: string;
  node: string;
  environment: string;
  database: 'embedded' | 'postgresql';
  redis: boolean;
  startedAt: string;
  uptimeSeconds: number;
}
