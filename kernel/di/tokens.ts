import type { InjectionToken } from 'tsyringe';

/**
 * Typed references to what modules share. A token carries its value's type, so nothing is looked
 * up by a string and cast. The name is what a manifest lists (`publicApis`, `spi`).
 */
export class PublicApiToken<T> {
  readonly kind = 'publicApi' as const;
  /** The tsyringe token under which the provider is registered in module containers. */
  readonly key: InjectionToken<T>;
  declare readonly __type?: T;

  constructor(readonly name: string) {
    this.key = Symbol.for(`atrium.publicApi:${name}`);
  }

  /** The module that owns the API: the part of the name before the first dot. */
  get ownerId(): string {
    return ownerOf(this.name);
  }
}

export class SpiToken<T> {
  readonly kind = 'spi' as const;
  readonly key: InjectionToken<T[]>;
  declare readonly __type?: T;

  constructor(readonly name: string) {
    this.key = Symbol.for(`atrium.spi:${name}`);
  }

  get ownerId(): string {
    return ownerOf(this.name);
  }
}

const TOKEN_NAME = /^[a-z][a-z0-9-]*\.[A-Za-z][A-Za-z0-9.-]*$/;

function ownerOf(name: string): string {
  return name.slice(0, name.indexOf('.'));
}

function checkName(name: string): string {
  if (!TOKEN_NAME.test(name)) {
    throw new Error(`token name "${name}" must be "<module-id>.<Name>", e.g. "users.UserDirectory"`);
  }
  return name;
}

/** A public API a module provides to the modules that depend on it. */
export function publicApi<T>(name: string): PublicApiToken<T> {
  return new PublicApiToken<T>(checkName(name));
}

/** An extension point: its owner consumes every contribution of the enabled modules. */
export function spi<T>(name: string): SpiToken<T> {
  return new SpiToken<T>(checkName(name));
}
