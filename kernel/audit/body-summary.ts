import { REDACTED, SECRET_KEYS } from '../logging/secrets';

/** The bounds of a summary: an audit row says what was done, it does not archive payloads. */
export const SUMMARY_LIMITS = {
  /** Characters kept of a string; the rest is cut and marked. */
  stringLength: 256,
  /** Objects and arrays nested deeper are replaced by a marker. */
  depth: 5,
  /** Items kept of an array; a marker counts the rest. */
  arrayLength: 20,
  /** Characters (roughly, of the JSON) the whole summary may take. */
  totalSize: 8192,
} as const;

export const CUT = '…';
export const TRUNCATED = '[truncated]';

/** `access_token`, `Access-Token`, `accessToken` and `token[]` all name the same thing. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const SECRET_NAMES = new Set(SECRET_KEYS.map(normalise));
/**
 * Beyond the logger's exact names, any key that merely contains one of these: a body is free-form
 * (`confirmPassword`, `passwordHash`, `webhookSecret`, `sessionToken`), and what an audit row
 * drops by mistake costs less than a credential it keeps.
 */
const SECRET_PARTS = ['password', 'passwd', 'secret', 'token', 'signature', 'apikey', 'credential', 'privatekey', 'hash'];

/** Whether a key of a request body or resource names a credential. */
export function isSecretKey(key: string): boolean {
  const name = normalise(key);
  return SECRET_NAMES.has(name) || SECRET_PARTS.some((part) => name.includes(part));
}

/** Values that are credentials whatever key holds them: a bearer header, a JWT. */
const CREDENTIAL_VALUE = /^(bearer|basic)\s+\S|^eyJ[\w-]*\.[\w-]+\.[\w-]*$/i;

/**
 * A bounded copy of a request body (or a resource's view) fit for an audit row: keys that name
 * credentials removed wherever they sit, credential-shaped strings replaced, long strings cut,
 * depth, array length and total size bounded. `undefined` (no body) is null.
 */
export function summariseBody(value: unknown): unknown {
  if (value === undefined) return null;
  const budget = { left: SUMMARY_LIMITS.totalSize };
  return summarise(value, 0, budget);
}

interface Budget {
  left: number;
}

function summarise(value: unknown, depth: number, budget: Budget): unknown {
  if (budget.left <= 0) return TRUNCATED;
  if (value === null || typeof value === 'boolean' || typeof value === 'number') {
    budget.left -= 8;
    return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  }
  if (typeof value === 'string') return summariseString(value, budget);
  if (typeof value === 'bigint') return summariseString(value.toString(), budget);
  if (value instanceof Date) return summariseString(Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString(), budget);
  if (typeof value !== 'object') return null;
  if (depth >= SUMMARY_LIMITS.depth) {
    budget.left -= TRUNCATED.length;
    return TRUNCATED;
  }
  if (Array.isArray(value)) return summariseArray(value, depth, budget);
  return summariseObject(value as Record<string, unknown>, depth, budget);
}

function summariseString(text: string, budget: Budget): string {
  if (CREDENTIAL_VALUE.test(text)) {
    budget.left -= REDACTED.length;
    return REDACTED;
  }
  const kept = text.length > SUMMARY_LIMITS.stringLength ? text.slice(0, SUMMARY_LIMITS.stringLength) + CUT : text;
  budget.left -= kept.length + 2;
  return kept;
}

function summariseArray(items: readonly unknown[], depth: number, budget: Budget): unknown[] {
  const out: unknown[] = [];
  for (const item of items.slice(0, SUMMARY_LIMITS.arrayLength)) {
    if (budget.left <= 0) break;
    out.push(summarise(item, depth + 1, budget));
  }
  const dropped = items.length - out.length;
  if (dropped > 0) out.push(`${CUT}${dropped} more`);
  return out;
}

function summariseObject(object: Record<string, unknown>, depth: number, budget: Budget): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    if (item === undefined || typeof item === 'function' || isSecretKey(key)) continue;
    if (budget.left <= 0) {
      out[CUT] = TRUNCATED;
      break;
    }
    const name = key.length > 64 ? key.slice(0, 64) + CUT : key;
    budget.left -= name.length + 4;
    // Defined, not assigned: a body's own `__proto__` key must stay a key.
    Object.defineProperty(out, name, { value: summarise(item, depth + 1, budget), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
