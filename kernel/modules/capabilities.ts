/**
 * The fixed vocabulary of kernel services a manifest's `capabilities` may name. A module is
 * granted exactly the ones it names; an unknown word stops the boot.
 */
export const CAPABILITIES = {
  http: 'declare routes (defineRoute); the kernel serves them under /api/v1',
  db: 'map entities, ship migrations and query through the EntityManager',
  events: 'publish events named "<module-id>.<event>" and subscribe to any (across instances with REDIS_URL)',
  cache: 'a key-value cache whose invalidations reach every instance (through Redis with REDIS_URL)',
  storage: "a private folder under DATA_DIR for the module's files",
  kernel: 'inspect and manage the kernel: modules and their state, live loading, catalogues, metrics',
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
