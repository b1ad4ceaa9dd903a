import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { authenticateRequest } from './auth/authenticate';
import type { KernelConfig } from './config';
import type { Database } from './db/database';
import type { ModuleMigration } from './db/migrations';
import { ErrorCatalogue } from './errors/error-catalogue';
import { createHttpApp } from './http/app';
import { HttpMetrics } from './http/metrics';
import { buildOpenApiDocument } from './http/openapi';
import type { OperationNotes } from './http/openapi-notes';
import { RateLimit } from './http/rate-limit';
import { RouteTable } from './http/route-table';
import { createKernelCapabilities } from './kernel-capabilities-service';
import type { KernelCapabilities } from './module-api/kernel-capabilities';
import { createModuleContext } from './modules/create-context';
import { installModules, type ModuleHost } from './modules/install-modules';
import type { ModuleEnvironment } from './module-api/module-context';
import { moduleEnvironment } from './modules/module-environment';
import type { LoadedModule } from './modules/loaded-module';
import { ModuleRegistry } from './modules/module-registry';
import { ModuleStateStore } from './modules/module-state-store';
import { CacheHub } from './runtime/cache';
import { ClientEventHub } from './runtime/client-events';
import { EventBus } from './runtime/event-bus';
import type { BusTransport } from './runtime/bus-transport';
import { PgBusTransport } from './runtime/pg-bus-transport';
import { redisBusTransport } from './runtime/redis-bus-transport';
import { InstanceFigureSource } from './runtime/instance-figures';
import { registerInstanceMetrics } from './http/instance-metrics';
import type { RedisConnections } from './runtime/redis';
import { ReadinessSpi, runCheck, type DependencyStatus } from './runtime/readiness';
import { SharedCounters } from './runtime/shared-counters';
import { RowScopes } from './auth/row-scope';
import { AuditSinkSpi } from './audit/operation-record';
import { ValueLabelSpi } from './runtime/value-labels';
import { BackgroundExportSpi } from './module-api/background-exports';
import { loadModuleLive } from './live-load';
import { serve, drainAndClose } from './http/serve';

const STATE_CHANGED = 'kernel.module-state-changed';
/**
 * Published when this instance's link to the others (Redis, or the database's LISTEN) comes back,
 * after the module state is resynced: whatever a module keeps from notices it may have missed, it
 * re-reads from the database on this event.
 */
const RESYNC = 'kernel.resync';

/** The running kernel: what boot() assembled, and how it stops. */
export class Kernel implements ModuleHost {
  readonly startedAt = new Date();
  readonly catalogue = new ErrorCatalogue();
  readonly metrics = new HttpMetrics();
  readonly stateStore: ModuleStateStore;
  readonly environment: ModuleEnvironment;
  readonly registry: ModuleRegistry;
  /** Every part of `ctx.kernel`; a module's context hands out those its manifest names. */
  readonly capabilities: KernelCapabilities;
  readonly events: EventBus;
  readonly clientEvents: ClientEventHub;
  readonly routes: RouteTable;
  readonly app: Express;
  readonly cache: CacheHub;
  /** What this instance reports about itself: `ctx.kernel.monitor` and the metrics. */
  readonly figures: InstanceFigureSource;
  private server?: Server;
  private readonly notes = new Map<string, ReadonlyMap<string, OperationNotes>>();
  private apiDocument?: Record<string, unknown>;
  private stopping?: Promise<void>;
  /** Each declared permission's scope, for the routes' data-scope step. */
  private permissionScopes = new Map<string, string>();

  /** The scope of a permission an enabled module declares (`row`, `global`, …). */
  permissionScope(code: string): string | undefined {
    return this.permissionScopes.get(code);
  }

  get dataDir(): string {
    return this.config.dataDir;
  }

  constructor(
    readonly config: KernelConfig,
    readonly log: Logger,
    readonly db: Database,
    private readonly redis?: RedisConnections,
    readonly rowScopes: RowScopes = new RowScopes(),
  ) {
    this.events = new EventBus(log, busTransport(config, log, redis));
    this.clientEvents = new ClientEventHub(this.events, log, { heartbeatMs: config.eventsHeartbeatMs });
    const counters = new SharedCounters(redis);
    this.cache = new CacheHub(this.events, counters, this.events.link);
    this.figures = new InstanceFigureSource({ instanceId: this.events.instanceId, startedAt: this.startedAt, db, redis: redis?.health });
    registerInstanceMetrics(this.metrics.registry, {
      figures: () => this.figures.read(),
      caches: () => this.capabilities.monitor.caches(),
      redis: redis !== undefined,
      eventStreams: () => this.clientEvents.openStreams,
    });
    this.capabilities = createKernelCapabilities(this);
    this.stateStore = new ModuleStateStore(db);
    this.environment = moduleEnvironment(config);
    const contextServices = {
      registry: () => this.registry,
      db,
      events: this.events,
      clientEvents: this.clientEvents,
      cache: this.cache,
      kernel: () => this.capabilities,
      dataDir: config.dataDir,
      log,
      environment: this.environment,
    };
    this.registry = new ModuleRegistry(this.stateStore, (runtime) => createModuleContext(runtime, contextServices), log);
    const rateLimit = new RateLimit({ ...config.rateLimit, counters });
    this.routes = new RouteTable({
      authenticate: (req: Request) => authenticateRequest(this.registry, req),
      rateLimit,
      jsonBodyLimitBytes: config.jsonBodyLimitBytes,
      scopeOf: (code) => this.permissionScope(code),
      valueLabels: () => this.registry.contributions(ValueLabelSpi),
      backgroundExports: () => this.registry.contributions(BackgroundExportSpi),
    });
    this.app = createHttpApp({
      log,
      metrics: this.metrics,
      routes: this.routes,
      rateLimit,
      trustedProxies: config.trustedProxies,
      corsOrigins: config.corsOrigins,
      consoleDir: config.consoleDir,
      auditSinks: () => this.registry.contributions(AuditSinkSpi),
    });
  }

  /**
   * Steps 7–8 of the boot: follows module changes (this instance's and other instances'), installs
   * the modules (in load order) as a live load installs one — install-modules.ts, the one path —
   * and listens.
   */
  async start(modules: readonly LoadedModule[], options: { listen: boolean; kernelMigrations: readonly ModuleMigration[] }): Promise<void> {
    this.registry.onChange(() => this.rebuild());
    // Another instance enabled or disabled a module: follow the stored state.
    this.events.subscribe(STATE_CHANGED, () => this.registry.refresh());
    // Notices sent while the link was down may never have arrived: the database says what holds.
    this.events.link?.onRestored(async () => {
      await this.registry.refresh();
      await this.events.publish(RESYNC, {});
    });
    await this.events.start();
    this.clientEvents.start();
    this.figures.start();
    await installModules(this, modules, { order: modules.map((m) => m.manifest.id), kernelMigrations: options.kernelMigrations });
    this.rebuild();
    if (options.listen) this.server = await serve(this.app, this.config.host, this.config.port);
  }

  /** Registers modules whose code and manifests already passed the checks. */
  addModules(modules: readonly LoadedModule[], stored: ReadonlyMap<string, boolean>): void {
    for (const module of modules) {
      this.catalogue.add(module.manifest.id, Object.values(module.definition.errors ?? {}));
      this.notes.set(module.manifest.id, module.notes);
    }
    this.registry.add(modules, stored);
  }

  /** Forgets a module's catalogue entries and notes (a live reload replaces it). */
  forgetModule(id: string): void {
    this.catalogue.removeOwner(id);
    this.notes.delete(id);
    this.registry.remove(id);
  }

  /** The base URL the server listens on (tests listen on port 0). */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the kernel is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The OpenAPI document of the live routes, rebuilt after every change. */
  openApiDocument(): Record<string, unknown> {
    this.apiDocument ??= buildOpenApiDocument(
      this.routes.entries,
      { title: 'Atrium API', version: '1.0.0', description: 'Every live endpoint of this Atrium instance.' },
      this.notes,
    );
    return this.apiDocument;
  }

  /**
   * Each dependency's state: the database, Redis when configured, and what enabled modules
   * contribute to `kernel.readiness` (their storage, say); each check bounded to under a second.
   */
  readiness(): Promise<DependencyStatus[]> {
    const { redis } = this;
    return Promise.all([
      runCheck('database', () =>
        this.db.orm.em
          .fork()
          .getConnection()
          .execute('select 1')
          .then(
            () => null,
            () => 'the database does not answer',
          ),
      ),
      ...(redis ? [runCheck('redis', async () => (redis.health.available ? null : `redis is unreachable (circuit ${redis.health.state})`))] : []),
      ...this.registry.contributions(ReadinessSpi).map((contribution) => runCheck(contribution.dependency, () => contribution.check())),
    ]);
  }

  /** Tells other instances that the stored module state changed. */
  announceStateChange(): Promise<void> {
    return this.events.publish(STATE_CHANGED, {});
  }

  loadModule(dir: string) {
    return loadModuleLive(this, dir);
  }

  /**
   * Stops in reverse: stop accepting connections and let requests in flight finish (up to the
   * shutdown timeout), then stop modules in reverse load order, then the connections.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      // Event streams never finish by themselves: ended first, their clients reconnect elsewhere.
      this.clientEvents.stop();
      if (this.server) await drainAndClose(this.server, this.config.shutdownTimeoutMs);
      await this.registry.stopAll();
      this.figures.stop();
      await this.events.stop();
      await this.redis?.close();
      await this.db.close();
    })();
    return this.stopping;
  }

  private rebuild(): void {
    this.permissionScopes = new Map(this.registry.all().flatMap((r) => (r.loaded.manifest.permissions ?? []).map((p) => [p.code, p.scope] as const)));
    this.routes.replace(this.registry.routeEntries());
    this.apiDocument = undefined;
  }
}

/**
 * How events reach the other instances: Redis pub/sub when there is Redis; else LISTEN/NOTIFY on
 * the PostgreSQL they share, unless turned off. The embedded database belongs to one process:
 * nothing to reach.
 */
function busTransport(config: KernelConfig, log: Logger, redis: RedisConnections | undefined): BusTransport | undefined {
  if (redis) return redisBusTransport(redis);
  return config.databaseUrl && config.eventBusOverDatabase ? new PgBusTransport(config.databaseUrl, log) : undefined;
}
