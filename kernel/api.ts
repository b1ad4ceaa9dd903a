/**
 * Everything a module author imports, as `@atrium/kernel`. Module code never imports a kernel
 * file by path: a module dropped in anywhere (MODULE_PATH, the generator's folder) resolves this
 * name to the running kernel.
 */
export { defineModule, provide, contribute } from './modules/define-module';
export type { ModuleDefinition, ModuleCommand, Provision, Contribution } from './modules/define-module';
export type { CommandIo } from './modules/command-io';
export type { ModuleContext, ModuleEnvironment, DbCapability, EventsCapability, StorageCapability } from './module-api/module-context';
export type {
  KernelCapabilities,
  ModulesCapability,
  LifecycleCapability,
  CatalogCapability,
  NamesCapability,
  HealthCapability,
  ModuleSummary,
  MenuTitles,
  PermissionEntry,
  MenuEntry,
  KernelInfo,
  MappedEntity,
  MonitorCapability,
  StreamsCapability,
  ExportsCapability,
  ExportJob,
} from './module-api/kernel-capabilities';
export type { ClientAudience, StreamViewer } from './runtime/client-events';
export type { CacheStats } from './runtime/cache-usage';
export type { InstanceFigures } from './runtime/instance-figures';
/** What `ctx.kernel.lifecycle.load` throws when the kernel refuses a module: every problem found. */
export { BootError } from './boot-error';
export type { ModuleProblem } from './modules/module-problem';
export { publicApi, spi, PublicApiToken, SpiToken } from './di/tokens';
export { defineRoute, RawReply } from './http/route';
export { discardRefusedBody, DISCARD_MAX_BYTES, DISCARD_MAX_MS } from './http/refused-body';
export { named } from './http/schema-name';
export { compileValueValidator } from './http/validation';
export type { Validator } from './http/validation';
export type { RouteDefinition, RouteRequest, HttpMethod, FileRequest, MadeFile } from './http/route';
export { Paginated, PageRequest, PAGE_LIMITS, pageQueryProperties, CursorQuery } from './http/pagination';
export type { Page, SortOrder, SortDirection } from './http/pagination';
export { countPast, pageTotal, type PageTotalOptions } from './db/page-total';
export { rowChangesColumn, trackRowChanges, untrackRowChanges } from './db/row-changes';
export { builtStatement, statementOf, type BuiltStatement } from './db/built-statements';
export type { PageTotal } from './db/page-total';
export { EXACT_COUNT_LIMIT } from './config';
export { Keyset } from './http/keyset-cursor';
export type { KeysetKey, KeyType, KeyValue } from './http/keyset-cursor';
export { defineErrors } from './errors/error-definition';
export type { ErrorDefinition, LocalisedMessages } from './errors/error-definition';
export { AppError } from './errors/app-error';
export type { ErrorDetail } from './errors/app-error';
export { KernelErrors } from './errors/kernel-errors';
export { LANGUAGES, type Language } from './errors/error-catalogue';
export type { Principal } from './auth/principal';
export { AuthenticatorSpi } from './auth/authenticator';
export type { Authenticator } from './auth/authenticator';
export { credentialStrategy } from './auth/credential-strategy';
export { anyPermissionGrants, permissionGrants } from './auth/permission-match';
export { AuditSinkSpi } from './audit/operation-record';
export { ReadinessSpi } from './runtime/readiness';
export type { ReadinessCheck, DependencyStatus } from './runtime/readiness';
export { ValueLabelSpi } from './runtime/value-labels';
export type { ValueLabelSource } from './runtime/value-labels';
export type { AuditSink, OperationRecord } from './audit/operation-record';
export { recordChange } from './audit/change-record';
export type { ChangeRecord, ChangeInput, ChangeAction } from './audit/change-record';
export { checkVersion, escapeLike, flushChanges, notFound } from './db/write-guards';
export type { ReferenceGuards, UniqueConflict } from './db/write-guards';
export { isUuid, newId } from './db/ids';
export { SecretBox } from './crypto/secret-box';
export { storedSecret } from './crypto/stored-secret';
export { ENCRYPTION_KEY } from './config';
export { runInTenant, runAsPlatform, currentTenantId, tenantScopeKey } from './db/tenancy/tenant-scope';
export { runWithEntityManager } from './runtime/unit-of-work';
export { tenantOwned, TENANT_POLICY_SUFFIX } from './db/tenancy/tenant-owned';
export { overriddenDefaults, ownTenantId, tenantOverridable } from './db/tenancy/tenant-overridable';
export { deleteTenantRows } from './db/tenancy/tenant-rows';
export { DEFAULT_TENANT_ID } from './db/tenancy/tenancy-names';
export { missingIds } from './db/missing-ids';
export { namesOf } from './db/names-of';
export { defineResource } from './resources/define-resource';
export type { Resource } from './resources/define-resource';
export { contains, equals, filterBy } from './resources/resource-filters';
export { schemaView } from './resources/resource-view';
export { resourceColumns } from './resources/resource-columns';
export { resourceViewSchema } from './resources/resource-view-schema';
export { DeclaredRowsSync } from './resources/declared-rows-sync';
export type { ResourceFilter } from './resources/resource-filters';
export { ListIndexesMigration } from './resources/list-indexes';
export { spreadsheetFile, fileReply, exportQuery, SpreadsheetFormatQuery, SPREADSHEET_ANSWER } from './resources/spreadsheet-reply';
export type { SpreadsheetExport } from './resources/spreadsheet-reply';
export { defineExportRoute } from './resources/export-route';
export type { ExportRouteDeclaration, ExportSource } from './resources/export-route';
export { ExportTaskSchema } from './resources/export-task-answer';
export { BackgroundExportSpi } from './module-api/background-exports';
export type { BackgroundExports } from './module-api/background-exports';
export { writeSpreadsheet, SPREADSHEET_TYPES } from './resources/spreadsheet-writer';
export type { SpreadsheetFormat, SheetSpec } from './resources/spreadsheet-writer';
export { sheetColumns } from './resources/export-columns';
export type { ExportColumn, ExportDeclaration, SheetColumn } from './resources/export-columns';
export { EXPORT_BATCH } from './resources/resource-batches';
export { rowsAfter } from './db/rows-after';
export { keysetStatements } from './db/keyset-statements';
export type { OrderKey } from './db/rows-after';
export type { ResourceDeclaration, ResourceHooks, ResourcePermissions, TreeDeclaration, WriteContext, Row } from './resources/resource-declaration';
export type { ResourceService } from './resources/resource-service';
export type { TreeNode } from './resources/resource-tree';
export { UNSCOPED, rowScoped } from './auth/row-scope';
export type { RowScope, RowScopeMapping } from './auth/row-scope';
// MikroORM 6, as far as it is module API (entities, queries, Migration): kernel/orm.ts lists it.
export * from './orm';
// Module-local services are tsyringe classes; modules take these from here like everything else.
export { inject, injectable, singleton } from 'tsyringe';
export { Type } from '@sinclair/typebox';
export type { Static, TSchema } from '@sinclair/typebox';
