import { defineEntity, type InferEntity } from '@atrium/kernel';

/** One login attempt (migrations/0001-create-audit-logs.ts). Append-only: no version. */
export const LoginRecordEntity = defineEntity({
  name: 'AuditLogin',
  tableName: 'audit_login',
  properties: (p) => ({
    // UUID v7, made when the attempt is queued: time-ordered like `at`.
    id: p.uuid().primary(),
    // The tenant the login named (the default one for a code no tenant has): migrations/0002-tenant-owned.ts.
    tenantId: p.uuid(),
    at: p.datetime(),
    // As the client sent it, so a guessed name shows too.
    username: p.string().length(256),
    // Null when no account matched (or the attempt was refused before any was looked up).
    userId: p.string().length(128).nullable(),
    ip: p.string().length(64),
    userAgent: p.string().length(512),
    success: p.boolean(),
    reason: p.string().length(32),
  }),
});

export type LoginRecord = InferEntity<typeof LoginRecordEntity>;
