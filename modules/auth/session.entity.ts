import { defineEntity, type InferEntity } from '@atrium/kernel';

/**
 * A login: it lives until it expires (refreshing moves the expiry on) or is revoked. The table
 * is created by migrations/0001-create-sessions.ts. Rows change only through auth itself, never
 * through an update a client sends, so they carry no `version`.
 */
export const SessionEntity = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_session',
  properties: (p) => ({
    id: p.uuid().primary(),
    userId: p.uuid(),
    // The username at login: the online list shows and filters it without asking users.
    username: p.string().length(64),
    ip: p.string().length(64),
    userAgent: p.string().length(512),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.string().length(32).nullable(),
    // A platform administrator's session switched into another tenant: the tenant it acts in.
    actingTenantId: p.uuid().nullable(),
  }),
});

export type Session = InferEntity<typeof SessionEntity>;
