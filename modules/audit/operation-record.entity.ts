import { defineEntity, type ChangeRecord, type InferEntity } from '@atrium/kernel';

/** One audited request (migrations/0001-create-audit-logs.ts). Append-only: no version. */
export const OperationRecordEntity = defineEntity({
  name: 'AuditOperation',
  tableName: 'audit_operation',
  properties: (p) => ({
    // UUID v7, made when the record is queued: time-ordered like `at`.
    id: p.uuid().primary(),
    // The tenant the request was in (migrations/0002-tenant-owned.ts).
    tenantId: p.uuid(),
    at: p.datetime(),
    traceId: p.string().length(64),
    method: p.string().length(16),
    path: p.text(),
    status: p.integer(),
    durationMs: p.float(),
    moduleId: p.string().length(128).nullable(),
    permission: p.string().length(256).nullable(),
    // User ids are whatever the authenticator says: strings, not necessarily UUIDs.
    userId: p.string().length(128).nullable(),
    username: p.string().length(256).nullable(),
    // The API key (or other named credential) the request was made with (migrations/0003).
    credential: p.string().length(256).nullable(),
    ip: p.string().length(64),
    userAgent: p.string().length(512),
    // Already summarised by the kernel: no credentials, bounded size.
    body: p.json<unknown>().nullable(),
    changes: p.json<ChangeRecord[]>(),
  }),
});

export type OperationRecordRow = InferEntity<typeof OperationRecordEntity>;
