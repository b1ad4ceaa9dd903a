import type { Logger } from 'pino';
import { container as rootContainer, type DependencyContainer, type InjectionToken } from 'tsyringe';
import type { Database } from '../db/database';
import { currentRequest } from '../runtime/request-context';
import type { CacheHub } from '../runtime/cache';
import type { ClientEventHub } from '../runtime/client-events';
import type { EventBus } from '../runtime/event-bus';
import { CapabilityError, type Capability } from './capabilities';
import { grantedKernel } from './granted-kernel';
import { storageCapability } from './module-storage';
import type { KernelCapabilities } from '../module-api/kernel-capabilities';
import type { DbCapability, EventsCapability, ModuleContext, ModuleEnvironment } from '../module-api/module-context';
import type { ModuleRegistry } from './module-registry';
import type { ModuleRuntime } from './module-runtime';

export interface ContextServices {
  registry: () => ModuleRegistry;
  db: Database;
  events: EventBus;
  clientEvents: ClientEventHub;
  cache: CacheHub;
  /** Every part of `ctx.kernel`; a context hands out those its manifest names. */
  kernel: () => KernelCapabilities;
  dataDir: string;
  log: Logger;
  environment: ModuleEnvironment;
}

/**
 * Builds a module's context. Each capability is a getter that refuses, with the manifest change
 * to make, unless the manifest names it.
 */
export function createModuleContext(runtime: ModuleRuntime, services: ContextServices): ModuleContext {
  const { manifest, dir, file } = runtime.loaded;
  const granted = new Set(manifest.capabilities ?? []);
  const guard = <T>(capability: Capability, build: () => T): (() => T) => {
    let value: T | undefined;
    return () => {
      if (!granted.has(capability)) {
        throw new CapabilityError(`module "${manifest.id}" has no "${capability}" capability: add "${capability}" to "capabilities" in ${file}`);
      }
      return (value ??= build());
    };
  };
  const moduleContainer = rootContainer.createChildContainer();
  // The module's own container sees the public APIs it may use, and no others.
  for (const id of [manifest.id, ...runtime.dependencies]) {
    for (const { token } of services.registry().get(id)?.loaded.definition.provides ?? []) {
      moduleContainer.register(token.key, { useFactory: () => services.registry().api(token, runtime) });
    }
  }
  const db = guard('db', () => dbCapability(services.db));
  const events = guard('events', () => eventsCapability(manifest.id, services.events, services.clientEvents));
  const cache = guard('cache', () => services.cache.namespace(manifest.id));
  const storage = guard('storage', () => storageCapability(services.dataDir, manifest.id));
  const kernel = grantedKernel(manifest, file, services.kernel);

  const ctx: ModuleContext = {
    id: manifest.id,
    manifest,
    dir,
    log: services.log.child({ module: manifest.id }),
    environment: services.environment,
    use: (token) => services.registry().api(token, runtime),
    contributions: (token) => services.registry().contributions(token, runtime),
    contributors: (token) => services.registry().contributors(token, runtime),
    resolve: (token) => resolveOnce(moduleContainer, token),
    container: moduleContainer,
    get db() {
      return db();
    },
    get events() {
      return events();
    },
    get cache() {
      return cache();
    },
    get storage() {
      return storage();
    },
    get kernel() {
      return kernel();
    },
    get state() {
      if (!runtime.state) throw new Error(stateMissing(runtime));
      return runtime.state.value;
    },
  };
  return ctx;
}

function stateMissing(runtime: ModuleRuntime): string {
  if (!runtime.loaded.definition.setup) return `module "${runtime.id}" has no state: its definition has no setup()`;
  return `module "${runtime.id}" is not started: its state exists from setup() until stop()`;
}

/**
 * tsyringe builds an unregistered class anew on every resolve; a module asking for its service
 * twice must get the same one, built by its own container (so with its own dependencies' APIs).
 */
function resolveOnce<T>(moduleContainer: DependencyContainer, token: InjectionToken<T>): T {
  if (typeof token === 'function' && !moduleContainer.isRegistered(token)) {
    moduleContainer.registerSingleton(token as new (...args: any[]) => T);
  }
  return moduleContainer.resolve(token);
}

function dbCapability(database: Database): DbCapability {
  const em = () => {
    const request = currentRequest();
    if (!request) return database.orm.em.fork();
    return (request.em ??= database.orm.em.fork());
  };
  return { em, transactional: (work) => em().transactional(work) };
}

function eventsCapability(moduleId: string, bus: EventBus, clients: ClientEventHub): EventsCapability {
  return {
    publish: (name, payload) => bus.publish(`${moduleId}.${name}`, payload),
    subscribe: (event, handler) => bus.subscribe(event, handler),
    push: (name, data, audience, options) => clients.push(name, data, audience, options),
  };
}
