import type { Logger } from 'pino';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicApiToken, SpiToken } from '../di/tokens';
import type { Manifest } from '../manifest/manifest.types';
import type { ModuleCache } from '../runtime/cache';
import type { ClientAudience } from '../runtime/client-events';
import type { EventHandler } from '../runtime/event-bus';
import type { KernelCapabilities } from './kernel-capabilities';

/** The `db` capability. */
export interface DbCapability {
  /** The request's EntityManager inside a request; a fresh fork outside one. */
  em(): EntityManager;
  /** Runs `work` in a transaction; the EntityManager it gets must be used for every query. */
  transactional<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
}

/** The `events` capability. */
export interface EventsCapability {
  /** Publishes `<module-id>.<name>`: a module only publishes under its own id. */
  publish(name: string, payload: unknown): Promise<void>;
  /** Subscribes to a full event name (`users.user-disabled`); returns the unsubscribe. */
  subscribe(event: string, handler: EventHandler): () => void;
  /**
   * Sends `name` (`task.updated`) to the clients' event streams (`GET /me/events`) of `audience`
   * on every instance; `ends` closes the streams it reaches after it (`session.revoked`).
   */
  push(name: string, data: unknown, audience: ClientAudience, options?: { ends?: true }): Promise<void>;
}

/** Where the instance runs, and the environment variables modules read their settings from. */
export interface ModuleEnvironment {
  /** NODE_ENV, `development` when unset. */
  readonly name: string;
  readonly production: boolean;
  /**
   * Whether this process is a server, which runs the background work modules start (task
   * workers, schedulers); false in a CLI command (`atrium audit purge`), which starts modules
   * only to use them and must not take work it would drop when it exits.
   */
  readonly background: boolean;
  /** An environment variable (the server's environment, as the kernel read it at boot). */
  variable(name: string): string | undefined;
  /**
   * An integer setting: `fallback` when unset, else a whole number in [min, max]; any other value
   * throws an error naming the variable and the range (a module reads it in start(), so a bad
   * value stops the start).
   */
  integer(name: string, fallback: number, min: number, max: number): number;
}

/** The `storage` capability: a private folder. */
export interface StorageCapability {
  /** The module's folder under DATA_DIR, created on first use. */
  readonly dir: string;
  /** An absolute path inside the folder; refuses anything that would leave it. */
  path(relative: string): string;
}

/** A contribution to an SPI with the manifest of the module that made it. */
export interface Contributor<T> {
  readonly manifest: Readonly<Manifest>;
  readonly contribution: T;
}

/**
 * What a module gets from the kernel. Only what its manifest names: asking for a capability it
 * did not declare, or an API of a module it does not depend on, throws a CapabilityError that
 * says what to add to the manifest.
 */
export interface ModuleContext<State = unknown> {
  readonly id: string;
  readonly manifest: Readonly<Manifest>;
  readonly dir: string;
  readonly log: Logger;
  readonly environment: ModuleEnvironment;
  /** A public API of this module or of a module in its `dependsOn`. */
  use<T>(token: PublicApiToken<T>): T;
  /** Contributions to an SPI this module owns (or the kernel), from enabled modules only. */
  contributions<T>(token: SpiToken<T>): T[];
  /** The same contributions, each with its module's manifest: an SPI holds them to what it declares. */
  contributors<T>(token: SpiToken<T>): Contributor<T>[];
  /** A module-local singleton built by the module's own tsyringe container. */
  resolve<T>(token: InjectionToken<T>): T;
  readonly container: DependencyContainer;
  readonly db: DbCapability;
  readonly events: EventsCapability;
  readonly cache: ModuleCache;
  readonly storage: StorageCapability;
  /** The parts of the kernel the manifest names (`kernel.modules`, `kernel.catalog`, …). */
  readonly kernel: KernelCapabilities;
  /**
   * What the module's `setup` returned, from then until `stop` has run; reading it at any other
   * time (or in a module without `setup`) throws an error saying so.
   */
  readonly state: State;
}
