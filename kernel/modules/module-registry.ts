import type { Logger } from 'pino';
import { KERNEL_SPIS } from './kernel-spis';
import type { PublicApiToken, SpiToken } from '../di/tokens';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { RouteEntry } from '../http/route-table';
import { CapabilityError } from './capabilities';
import type { LoadedModule } from './loaded-module';
import type { Contributor, ModuleContext } from '../module-api/module-context';
import type { ModuleProblem } from './module-problem';
import { ModuleRuntime } from './module-runtime';
import type { ModuleStateStore } from './module-state-store';

export type ContextFactory = (runtime: ModuleRuntime) => ModuleContext;

/**
 * The registered modules in load order, their enabled state and their wiring: which public
 * API and SPI contribution comes from where. State changes are serialised and each one is
 * followed by the change listeners (route table, catalog, menus) before it resolves.
 */
export class ModuleRegistry {
  private readonly runtimes = new Map<string, ModuleRuntime>();
  private readonly listeners = new Set<() => void | Promise<void>>();
  private changes: Promise<unknown> = Promise.resolve();
  /**
   * Contributors by SPI name, while the enabled modules and their order stay as they are: the
   * authenticator is asked for on every request, and finding it walked every module each time.
   */
  private readonly contributorsBySpi = new Map<string, Contributor<unknown>[]>();
  private readonly forgetContributors = () => this.contributorsBySpi.clear();

  constructor(
    private readonly store: ModuleStateStore,
    private readonly createContext: ContextFactory,
    private readonly log: Logger,
  ) {}

  /**
   * Registers modules (in load order). A module is enabled when its stored state says so (or
   * it was never seen) and every dependency is enabled.
   */
  add(modules: readonly LoadedModule[], stored: ReadonlyMap<string, boolean>): ModuleRuntime[] {
    const added: ModuleRuntime[] = [];
    for (const loaded of modules) {
      const runtime = new ModuleRuntime(loaded, stored.get(loaded.manifest.id) ?? true, this.forgetContributors);
      if (runtime.enabled && !runtime.dependencies.every((d) => this.runtimes.get(d)?.enabled)) {
        this.log.warn({ module: runtime.id }, 'module stays disabled: a module it depends on is disabled');
        runtime.enabled = false;
      }
      this.runtimes.set(runtime.id, runtime);
      runtime.ctx = this.createContext(runtime);
      added.push(runtime);
    }
    this.forgetContributors();
    return added;
  }

  /** Forgets a module (before a live reload replaces it). It must be stopped. */
  remove(id: string): void {
    this.runtimes.delete(id);
    this.forgetContributors();
  }

  /**
   * Puts the modules in load order again (a live load re-resolved the graph). Ids `order` does
   * not name keep their relative order, after the ones it does.
   */
  reorder(order: readonly string[]): void {
    const named = order.flatMap((id) => this.runtimes.get(id) ?? []);
    const rest = this.all().filter((r) => !order.includes(r.id));
    this.runtimes.clear();
    for (const runtime of [...named, ...rest]) this.runtimes.set(runtime.id, runtime);
    this.forgetContributors();
  }

  get(id: string): ModuleRuntime | undefined {
    return this.runtimes.get(id);
  }

  all(): ModuleRuntime[] {
    return [...this.runtimes.values()];
  }

  enabled(): ModuleRuntime[] {
    return this.all().filter((r) => r.enabled);
  }

  dependents(id: string): ModuleRuntime[] {
    return this.all().filter((r) => r.dependencies.includes(id));
  }

  routeEntries(): RouteEntry[] {
    return this.enabled().flatMap((r) => (r.loaded.definition.routes ?? []).map((route) => ({ route, ctx: r.ctx })));
  }

  /** A public API for `requester`: its own or a dependency's, nothing else. */
  api<T>(token: PublicApiToken<T>, requester: ModuleRuntime): T {
    const ownerId = token.ownerId;
    if (ownerId !== requester.id && !requester.dependencies.includes(ownerId)) {
      throw new CapabilityError(`module "${requester.id}" cannot use ${token.name}: add "${ownerId}" to "dependsOn" in ${requester.loaded.file}`);
    }
    const owner = this.runtimes.get(ownerId);
    const provision = owner?.loaded.definition.provides?.find((p) => p.token.name === token.name);
    if (!owner || !provision) throw new CapabilityError(`no module provides ${token.name}`);
    return owner.instance(token.name, () => provision.factory(owner.ctx)) as T;
  }

  /** The contributions of enabled modules to an SPI, for its owner (a module or the kernel). */
  contributions<T>(token: SpiToken<T>, requester?: ModuleRuntime): T[] {
    return this.contributors(token, requester).map((c) => c.contribution);
  }

  /** The same, each with the manifest of the module that made it (to hold it to that manifest). */
  contributors<T>(token: SpiToken<T>, requester?: ModuleRuntime): Contributor<T>[] {
    if (requester && requester.id !== token.ownerId) {
      throw new CapabilityError(`module "${requester.id}" cannot read contributions to ${token.name}: only module "${token.ownerId}" consumes it`);
    }
    if (!requester && !KERNEL_SPIS.has(token.name)) throw new Error(`the kernel does not consume ${token.name}`);
    const known = this.contributorsBySpi.get(token.name);
    if (known) return known as Contributor<T>[];
    const found: Contributor<T>[] = [];
    for (const runtime of this.enabled()) {
      for (const contribution of runtime.loaded.definition.contributes ?? []) {
        if (contribution.token.name === token.name) {
          found.push({ manifest: runtime.loaded.manifest, contribution: runtime.instance(`spi:${token.name}`, () => contribution.factory(runtime.ctx)) as T });
        }
      }
    }
    this.contributorsBySpi.set(token.name, found);
    return found;
  }

  /** Stops every started module in reverse load order; one failing stop does not block the rest. */
  async stopAll(): Promise<void> {
    for (const runtime of this.all().reverse()) {
      await this.stop(runtime).catch((error: unknown) => this.log.error({ err: error, module: runtime.id }, 'module failed to stop'));
    }
  }

  /** setup() makes the state, then start() runs with it; a failure leaves no state behind. */
  async start(runtime: ModuleRuntime): Promise<void> {
    if (runtime.started) return;
    const { setup, start } = runtime.loaded.definition;
    try {
      if (setup) runtime.state = { value: await setup(runtime.ctx) };
      await start?.(runtime.ctx);
    } catch (error) {
      runtime.state = undefined;
      throw error;
    }
    runtime.started = true;
  }

  async stop(runtime: ModuleRuntime): Promise<void> {
    if (!runtime.started) return;
    runtime.started = false;
    try {
      await runtime.loaded.definition.stop?.(runtime.ctx);
    } finally {
      runtime.state = undefined;
    }
  }

  enable(id: string): Promise<ModuleRuntime> {
    return this.serialise(async () => {
      const runtime = this.require(id);
      if (runtime.enabled) return runtime;
      const blocking = runtime.dependencies.filter((d) => !this.runtimes.get(d)?.enabled);
      if (blocking.length > 0) throw conflict(`module "${id}" depends on modules that are not enabled`, blocking);
      // Started before it is recorded: a module whose start() fails stays disabled, here and
      // in the stored state, rather than serving routes of a module that never started.
      runtime.enabled = true;
      try {
        await this.start(runtime);
        await this.store.write(id, true);
      } catch (error) {
        runtime.enabled = false;
        await this.stop(runtime);
        throw error;
      }
      await this.notify();
      return runtime;
    });
  }

  disable(id: string): Promise<ModuleRuntime> {
    return this.serialise(async () => {
      const runtime = this.require(id);
      if (!runtime.enabled) return runtime;
      if (runtime.loaded.definition.essential)
        throw new AppError(KernelErrors.SYSTEM_MODULE_ESSENTIAL_409, { details: [{ field: '/params/id', message: `module "${id}" is essential` }] });
      const blocking = this.dependents(id)
        .filter((r) => r.enabled)
        .map((r) => r.id);
      if (blocking.length > 0) throw conflict(`enabled modules depend on module "${id}"`, blocking);
      await this.store.write(id, false);
      runtime.enabled = false;
      await this.stop(runtime);
      await this.notify();
      return runtime;
    });
  }

  /** Re-reads the stored state (another instance changed it) and follows it. */
  refresh(): Promise<void> {
    return this.serialise(async () => {
      const stored = await this.store.read();
      const wanted = new Map<string, boolean>();
      for (const runtime of this.all()) {
        wanted.set(runtime.id, (stored.get(runtime.id) ?? true) && runtime.dependencies.every((d) => wanted.get(d) === true));
      }
      const changed = this.all().filter((r) => wanted.get(r.id) !== r.enabled);
      if (changed.length === 0) return;
      // Dependents stop before what they depend on; dependencies start before their dependents.
      for (const runtime of [...changed].reverse()) {
        if (!wanted.get(runtime.id)) {
          runtime.enabled = false;
          await this.stop(runtime);
        }
      }
      for (const runtime of changed) {
        if (wanted.get(runtime.id)) {
          runtime.enabled = true;
          await this.start(runtime);
        }
      }
      await this.notify();
    });
  }

  onChange(listener: () => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs the change listeners (after a live load, which the kernel performs). */
  async notify(): Promise<void> {
    for (const listener of this.listeners) await listener();
  }

  /** Runs `work` after every earlier state change has finished. */
  serialise<T>(work: () => Promise<T>): Promise<T> {
    const next = this.changes.then(work, work);
    this.changes = next.catch(() => undefined);
    return next;
  }

  private require(id: string): ModuleRuntime {
    const runtime = this.runtimes.get(id);
    if (!runtime) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ field: '/params/id', message: `no module "${id}"` }] });
    return runtime;
  }
}

/** A module whose start() threw, as a problem naming its entry. */
export function startProblem(loaded: LoadedModule, error: unknown): ModuleProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return { moduleId: loaded.manifest.id, file: loaded.entry ?? loaded.file, message: `start() failed: ${reason}` };
}

function conflict(message: string, blocking: string[]): AppError {
  return new AppError(KernelErrors.SYSTEM_MODULE_DEPENDENCY_CONFLICT_409, {
    details: blocking.map((module) => ({ field: '/params/id', rule: 'dependency', message: `${message}: ${module}`, module })),
  });
}
