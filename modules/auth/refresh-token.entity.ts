import { defineEntity, type InferEntity } from '@atrium/kernel';
import { SessionEntity } from './session.entity';

/**
 * One refresh token of a session, kept as the sha256 of its value: the database never holds a
 * token that works. A refresh spends it (`spentAt`) and issues the next; a spent one presented
 * again is a stolen copy, and ends the session.
 */
export const RefreshTokenEntity = defineEntity({
  name: 'AuthRefreshToken',
  tableName: 'auth_refresh_token',
  properties: (p) => ({
    id: p.uuid().primary(),
    // A relation, so the unit of work writes the session before its first token.
    session: () => p.manyToOne(SessionEntity),
    tokenHash: p.string().length(64),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    spentAt: p.datetime().nullable(),
  }),
});

export type RefreshToken = InferEntity<typeof RefreshTokenEntity>;
