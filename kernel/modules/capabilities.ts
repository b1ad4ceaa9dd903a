/**
 * The fixed vocabulary of kernel services a manifest's `capabilities` may name. A module is
 * granted exactly the ones it names; an unknown word stops the boot.
 */
export const CAPABILITIES = {
  http: 'declare routes (defineRoute); the kernel serves them under /api/v1',
  db: 'map entities, ship migrations and query through the EntityManager',
  events: 'publish events named "<module-id>.<event>" and subscribe to any (across instances with REDIS_URL), and push events to the clients\' event streams',
  cache: 'a key-value cache whose invalidations reach every instance (through Redis with REDIS_URL)',
  storage: "a private folder under DATA_DIR for the module's files",
  'kernel.modules': 'read the loaded modules (state, dependencies, applied migrations) and hear when they change',
  'kernel.lifecycle': 'enable and disable modules, and load module folders while running',
  'kernel.catalog': 'read what the running modules publish: permissions, menus, error codes, the OpenAPI document, the manifest schema',
  'kernel.names': 'ask which module owns a permission, menu or route name, a table or an entity',
  'kernel.health': "read the instance's readiness, metrics and version",
  'kernel.monitor': "read the instance's figures (CPU, memory, event loop, database pool, Redis) and its named caches, and clear a cache on every instance",
  'kernel.streams': "open the caller's server-sent event stream of the events modules push to them",
  'kernel.exports': 'make an export’s file outside its request, as the caller who asked for it (a task making a large export)',
  /** Every `kernel.*` part at once, as manifests written before the parts were split ask for it. */
  kernel: 'every kernel.* capability at once; name only the parts a module uses instead',
} as const;

export type Capability = keyof typeof CAPABILITIES;

export function isCapability(word: string): word is Capability {
  return Object.hasOwn(CAPABILITIES, word);
}

/** Thrown when a module reaches for something its manifest does not grant. */
export class CapabilityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CapabilityError';
  }
}
