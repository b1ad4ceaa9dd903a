import { KernelErrors, Paginated, Type, defineRoute, named } from '@atrium/kernel';
import { authRuntime } from './auth-runtime';
import { LoginService } from './login.service';

export const SessionSchema = named(
  'Session',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    userId: Type.String(),
    username: Type.String(),
    ip: Type.String(),
    userAgent: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastSeenAt: Type.String({ format: 'date-time', description: 'Updated at most once a minute.' }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the session ends unless it is refreshed.' }),
  }),
);

export const listSessions = defineRoute({
  method: 'GET',
  path: '/system/sessions',
  permission: 'system:session:list',
  summary: 'Online sessions: neither revoked nor expired',
  description: 'Sessions of every user that are neither revoked nor expired, with client address and user agent; `DELETE /system/sessions/{id}` ends one.',
  query: Type.Object({
    username: Type.Optional(Type.String({ maxLength: 64, description: 'Part of the username.' })),
    ip: Type.Optional(Type.String({ maxLength: 64, description: 'Part of the client address.' })),
  }),
  list: { sort: { createdAt: 'createdAt', lastSeenAt: 'lastSeenAt' } },
  response: Paginated(SessionSchema),
  handler: ({ query, page }, ctx) => authRuntime(ctx).sessions.list(page, query),
});

export const forceLogout = defineRoute({
  method: 'DELETE',
  path: '/system/sessions/{id}',
  permission: 'system:session:forceLogout',
  summary: 'Forced logout: ends an online session at once',
  description:
    'Its access and refresh tokens are refused from the next request on, on every instance. The session of a user whose roles grant more than the caller holds is refused 403 and left alone.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params, principal }, ctx) => {
    await new LoginService(ctx).forceLogout(principal, params.id);
    return {};
  },
});
