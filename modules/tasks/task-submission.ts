import { createHash } from 'node:crypto';
import { AppError, KernelErrors, type ErrorDetail } from '@atrium/kernel';
import type { TaskSubmission } from './api';

export const KEY_MAX_LENGTH = 255;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const MAX_ATTEMPTS_LIMIT = 20;

/** A submission with its defaults filled in: what its fingerprint is made of. */
export interface CompleteSubmission {
  idempotencyKey: string;
  type: string;
  payload: unknown;
  runAt: Date | null;
  maxAttempts: number;
  autoRun: boolean;
}

/**
 * The submission with its defaults, or 400 VALIDATION_FAILED_400 naming every field at fault
 * (`/body/...`, as `POST /tasks` names them): code that submits through `tasks.Tasks` is held to
 * what the route's schema holds a client to.
 */
export function completeSubmission(s: TaskSubmission): CompleteSubmission {
  const details: ErrorDetail[] = [];
  const key = s.idempotencyKey;
  if (typeof key !== 'string' || key.length < 1 || key.length > KEY_MAX_LENGTH) {
    details.push({ field: '/body/idempotencyKey', rule: 'length', message: `must be 1 to ${KEY_MAX_LENGTH} characters` });
  }
  const maxAttempts = s.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > MAX_ATTEMPTS_LIMIT) {
    details.push({ field: '/body/maxAttempts', rule: 'range', message: `must be an integer from 1 to ${MAX_ATTEMPTS_LIMIT}` });
  }
  if (s.runAt !== undefined && (!(s.runAt instanceof Date) || Number.isNaN(s.runAt.getTime()))) {
    details.push({ field: '/body/runAt', rule: 'date-time', message: 'must be a valid date' });
  }
  if (details.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
  return { idempotencyKey: key, type: s.type, payload: s.payload ?? {}, runAt: s.runAt ?? null, maxAttempts, autoRun: s.autoRun ?? true };
}

/**
 * sha256 of the canonical JSON of everything but the key: the same key with this fingerprint is
 * a replay, with another one a conflict. `runAt` counts as sent (absent: null), as an instant.
 */
export function fingerprintOf(s: CompleteSubmission): string {
  const canonical = canonicalJson({ type: s.type, payload: s.payload, runAt: s.runAt?.toISOString() ?? null, maxAttempts: s.maxAttempts, autoRun: s.autoRun });
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON with every object's keys sorted, so `{a, b}` and `{b, a}` read the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
