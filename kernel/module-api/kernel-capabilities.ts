import type { Principal } from '../auth/principal';
import type { CatalogueEntry, Language } from '../errors/error-catalogue';
import type { ManifestGeneration, ManifestMenu, ManifestPermission } from '../manifest/manifest.types';
import type { Readable } from 'node:stream';
import type { CacheStats } from '../runtime/cache-usage';
import type { StreamViewer } from '../runtime/client-events';
import type { InstanceFigures } from '../runtime/instance-figures';
import type { DependencyStatus } from '../runtime/readiness';

export type ModuleStatus = 'enabled' | 'disabled';

/**
 * A module's translations of its manifest menus' titles, by language then menu path:
 * `{ zh: { '/system/users': '用户管理' } }`. They live in code (`defineModule({ menuTitles })`)
 * because the manifest's menu object allows no other property (contract 2.5).
 */
export type MenuTitles = { readonly [L in Language]?: Readonly<Record<string, string>> };

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
  /** Its menus' titles in other languages, as its code declares them; `{}` when it declares none. */
  menuTitles: MenuTitles;
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

/** A name a module would declare, to ask which module owns it (kernel/modules/ownership.ts). */
export type OwnedName = { permission: string } | { menuPath: string } | { routePath: string };

/** An entity a loaded module maps, and its table. */
export interface MappedEntity {
  moduleId: string;
  entity: string;
  table: string;
}

/** `kernel.modules`: the loaded modules, read and watched. */
export interface ModulesCapability {
  list(): ModuleSummary[];
  get(id: string): ModuleSummary | undefined;
  /** Names of the migrations recorded as applied, per module id. */
  appliedMigrations(): Promise<Map<string, string[]>>;
  /** Runs `listener` after any module is enabled, disabled or loaded; returns the unsubscribe. */
  onChange(listener: () => void | Promise<void>): () => void;
}

/** `kernel.lifecycle`: changing which modules run. */
export interface LifecycleCapability {
  enable(id: string): Promise<ModuleSummary>;
  disable(id: string): Promise<ModuleSummary>;
  /** Loads (or replaces) a module folder while running, as a boot would; its routes answer at once. */
  load(dir: string): Promise<ModuleSummary>;
  /** Where generated modules are written (GENERATED_MODULES_DIR); loaded at every boot. */
  readonly generatedModulesDir: string;
}

/** `kernel.catalog`: what the running modules publish. */
export interface CatalogCapability {
  /** Permissions declared by enabled modules. */
  permissions(): PermissionEntry[];
  /** Menus declared by enabled modules. */
  menus(): MenuEntry[];
  errorCodes(): CatalogueEntry[];
  /** The OpenAPI 3.1 document of every live route. */
  apiDocument(): Record<string, unknown>;
  /** The published v1 manifest schema, as the file holds it. */
  manifestSchemaText(): string;
}

/** `kernel.names`: who owns a name, a table or an entity. */
export interface NamesCapability {
  /** Every entity of the loaded modules, enabled or not, with its table. */
  entities(): MappedEntity[];
  /**
   * Who owns a table of the database's current schema: `kernel` for the kernel's own
   * (`atrium_*`), the module mapping an entity to it, or the module whose id names it by the
   * table convention (`<id>` or `<id>_…`, hyphens as underscores: `assets_url_secret`); null
   * when no loaded module does.
   */
  tableOwner(table: string): string | null;
  /**
   * The loaded module (enabled or not) that owns `name` — the prefix of a permission code, a menu
   * path or its ancestor, the prefix of a route path under the base path — so that another module
   * declaring it would be refused at load; null when none does, or only `exceptModuleId`.
   */
  nameOwner(name: OwnedName, exceptModuleId?: string): string | null;
}

/** `kernel.health`: the instance and its dependencies. */
export interface HealthCapability {
  /** Every dependency's state (database, Redis, what modules contribute), within a second. */
  readiness(): Promise<DependencyStatus[]>;
  /** Prometheus exposition of the kernel's metrics. */
  metrics(): Promise<{ contentType: string; body: string }>;
  info(): KernelInfo;
}

/** `kernel.monitor`: this instance's figures and the kernel's named caches. */
export interface MonitorCapability {
  /** This instance now: CPU, memory, event-loop delay, uptime, the database and its pool, Redis. */
  instance(): Promise<InstanceFigures>;
  /** This instance's named caches (one per enabled module with the `cache` capability), with entries and reads. */
  caches(): CacheStats[];
  /** Drops every entry of the named cache on every instance; false when no module has that cache. */
  clearCache(name: string): Promise<boolean>;
}

/** `kernel.streams`: the callers' server-sent event streams on this instance. */
export interface StreamsCapability {
  /**
   * Opens `viewer`'s stream of the events pushed to them (`ctx.events.push`), in the SSE wire
   * format: what they missed since `lastEventId` first, when this instance still holds it.
   */
  open(viewer: StreamViewer, lastEventId?: string): Readable;
}

/**
 * An export a task is to make, as the route saw it: the route (its path as declared, `/posts/export`),
 * the validated path and query, the caller's language, and the caller, whose tenant, permissions
 * and data scope the task's reads keep.
 */
export interface ExportJob {
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  language: Language;
  caller: Principal;
  /** The rows the filters selected when it was asked: counted, or the planner's estimate past the count limit. */
  rows: number;
}

/** A file as it is written: its body is read as it is made. */
export interface MadeFile {
  body: Readable;
  contentType: string;
  /** `users-2026-11-28.csv` */
  fileName: string;
}

/** `kernel.exports`: exports made outside their request. */
export interface ExportsCapability {
  /**
   * Makes `job`'s file as its route would, as the caller: their tenant, and their data scope when
   * the route's permission is row-scoped. Rejects when the route is no longer served (its module
   * disabled) or the caller's permissions no longer include the route's; `onRows` hears progress.
   */
  make(job: ExportJob, onRows?: (written: number) => void): Promise<MadeFile>;
}

/**
 * `ctx.kernel`: one narrow capability per part, each granted by its own word in the manifest's
 * `capabilities` (`kernel.modules`, …); reaching a part the manifest does not name throws a
 * CapabilityError saying what to add.
 */
export interface KernelCapabilities {
  readonly modules: ModulesCapability;
  readonly lifecycle: LifecycleCapability;
  readonly catalog: CatalogCapability;
  readonly names: NamesCapability;
  readonly health: HealthCapability;
  readonly monitor: MonitorCapability;
  readonly streams: StreamsCapability;
  readonly exports: ExportsCapability;
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
