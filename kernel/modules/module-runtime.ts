import type { LoadedModule } from './loaded-module';
import type { ModuleContext } from '../module-api/module-context';
import { dependencyIds } from './dependency-ids';

/** A registered module: its code, its context and whether it is enabled and started. */
export class ModuleRuntime {
  ctx!: ModuleContext;
  started = false;
  /** What `setup` returned, while the module is started (see ModuleDefinition.setup). */
  state?: { value: unknown };
  /** Built provisions and contributions, by token name (each factory runs once). */
  readonly instances = new Map<string, unknown>();
  readonly dependencies: readonly string[];
  private isEnabled: boolean;

  constructor(
    readonly loaded: LoadedModule,
    enabled: boolean,
    /** Told whenever the module is enabled or disabled (the registry forgets what it derived). */
    private readonly onEnabledChange: () => void,
  ) {
    this.isEnabled = enabled;
    this.dependencies = dependencyIds(loaded.manifest);
  }

  get enabled(): boolean {
    return this.isEnabled;
  }

  set enabled(enabled: boolean) {
    if (enabled === this.isEnabled) return;
    this.isEnabled = enabled;
    this.onEnabledChange();
  }

  get id(): string {
    return this.loaded.manifest.id;
  }

  instance<T>(name: string, build: () => T): T {
    if (!this.instances.has(name)) this.instances.set(name, build());
    return this.instances.get(name) as T;
  }
}
