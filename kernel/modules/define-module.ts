import type { RowScopedEntity } from '../auth/row-scope';
import type { AnyEntitySchema } from '../db/database';
import type { ErrorDefinition } from '../errors/error-definition';
import type { PublicApiToken, SpiToken } from '../di/tokens';
import type { RouteDefinition } from '../http/route';
import type { CommandIo } from './command-io';
import type { ModuleContext, ModuleEnvironment, StorageCapability } from '../module-api/module-context';
import type { MenuTitles } from '../module-api/kernel-capabilities';

/** A public API the module provides: built on first use, once per module instance. */
export interface Provision<T> {
  readonly token: PublicApiToken<T>;
  readonly factory: (ctx: ModuleContext) => T;
}

/** A contribution to an extension point another module (or the kernel) owns. */
export interface Contribution<T> {
  readonly token: SpiToken<T>;
  readonly factory: (ctx: ModuleContext) => T;
}

export function provide<T>(token: PublicApiToken<T>, factory: (ctx: ModuleContext) => T): Provision<T> {
  return { token, factory };
}

export function contribute<T>(token: SpiToken<T>, factory: (ctx: ModuleContext) => T): Contribution<T> {
  return { token, factory };
}

/**
 * A command the module adds to the `atrium` CLI (`npm run atrium -- audit purge`). It runs in a
 * booted kernel that serves no HTTP, with the module's own context, and answers the exit code.
 */
export interface ModuleCommand {
  /** The words that select it, e.g. ['audit', 'purge']; the first is best the module's id. */
  words: readonly string[];
  /** The arguments, for the usage text (`<days>`), or ''. */
  args: string;
  summary: string;
  run(ctx: ModuleContext, args: string[], io: CommandIo): Promise<number>;
}

/**
 * What a module's `index.ts` exports. Everything is declared, not done: the kernel holds each
 * declaration to the manifest before anything runs. Migrations are not listed here — they are
 * the files `migrations/<name>.ts` named by the manifest. `State` is what `setup` returns: the
 * module's one place for what it keeps while it runs, read back as `ctx.state`.
 */
export interface ModuleDefinition<State = undefined> {
  /** The module's catalogued errors (`defineErrors({...})`). */
  errors?: Readonly<Record<string, ErrorDefinition>>;
  /** MikroORM entities (`defineEntity` / `EntitySchema`) the module maps. Needs `db`. */
  entities?: readonly AnyEntitySchema[];
  /**
   * Entities whose queries a caller's data scope narrows on `row`-scoped routes
   * (`rowScoped(UserEntity, { dept: 'deptId', owner: 'id' })`). Each must be one of `entities`.
   */
  rowScoped?: readonly RowScopedEntity[];
  /** Routes (`defineRoute`). Needs `http`. */
  routes?: readonly RouteDefinition[];
  /** Public APIs, one per name in the manifest's `publicApis`. */
  provides?: readonly Provision<unknown>[];
  /** Contributions, one token per name in the manifest's `spi`. */
  contributes?: readonly Contribution<unknown>[];
  /**
   * Permissions the module checks in code rather than on a route or menu (a "manage others'
   * tasks" flag). Every permission the manifest declares must be used somewhere.
   */
  permissionsCheckedInCode?: readonly string[];
  /**
   * Its manifest menus' titles in other languages, by language (`en`, `zh`) then menu path:
   * `{ zh: { '/system/users': '用户管理' } }`. Here, not in the manifest, whose menu object allows
   * no other property. Each path must be one the manifest's `menus` declares; a menu left out keeps
   * its manifest title in that language.
   */
  menuTitles?: MenuTitles;
  /** Commands the module adds to the `atrium` CLI. */
  commands?: readonly ModuleCommand[];
  /** The module cannot be disabled (the one that enables and disables modules, say). */
  essential?: boolean;
  /**
   * Problems with the module's own settings (its environment variables), one sentence each,
   * naming the variable and what to do. Asked at every boot before anything touches the
   * database, so that they are refused with the kernel's own in one message. A check that takes
   * time (an estimate in a worker thread) may answer a promise: the modules' checks run together.
   * `storage` is the module's folder (with the `storage` capability), where such a check may keep
   * what it worked out for the next boot.
   */
  checkEnvironment?(environment: ModuleEnvironment, storage: StorageCapability): readonly string[] | Promise<readonly string[]>;
  /**
   * Runs when the module starts (at boot when enabled, or when enabled or loaded later) and
   * returns the module's state: its secrets, stores, timers and subscriptions. Routes, public
   * APIs, contributions and hooks read it as `ctx.state` until `stop` has run. A module keeps
   * nothing in module-level variables or in objects of its own container: a module loaded twice
   * (a live reload) or disabled and enabled again starts from a fresh state.
   */
  setup?(ctx: ModuleContext): State | Promise<State>;
  /** Runs after `setup`, with `ctx.state` in place: work that needs the state but is not it. */
  start?(ctx: ModuleContext<State>): void | Promise<void>;
  /** Runs in reverse load order on shutdown, and when the module is disabled; the state goes after it. */
  stop?(ctx: ModuleContext<State>): void | Promise<void>;
}

const DEFINED = Symbol.for('atrium.moduleDefinition');

/** A definition as the kernel stores it: its state's type erased, as routes' types are. */
export type DefinedModule = ModuleDefinition<unknown> & { readonly [DEFINED]: true };

/** The factory a module's entry exports as its default export; `State` is what `setup` returns. */
export function defineModule<State = undefined>(definition: ModuleDefinition<State>): DefinedModule {
  return Object.freeze({ ...(definition as ModuleDefinition<unknown>), [DEFINED]: true as const });
}

export function isDefinedModule(value: unknown): value is DefinedModule {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DEFINED] === true;
}
