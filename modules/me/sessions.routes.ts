import { Paginated, defineRoute } from '@atrium/kernel';
import { SessionDirectoryApi } from '@atrium/module/auth';
import { MySessionSchema } from './me.schemas';

export const listMySessions = defineRoute({
  method: 'GET',
  path: '/me/sessions',
  permission: 'me:session:list',
  summary: "The caller's online sessions; `current` marks the one of this request",
  description:
    'Sessions of the caller that are neither revoked nor expired, with the client address and user agent they were opened from; `current` marks the one this request was made with.',
  list: { sort: { createdAt: 'createdAt', lastSeenAt: 'lastSeenAt' } },
  response: Paginated(MySessionSchema),
  handler: async ({ principal, page }, ctx) => {
    const sessions = await ctx.use(SessionDirectoryApi).listForUser(principal.userId);
    // Newest first unless the caller sorts: the directory answers them in that order.
    return page.slice(
      sessions.map(({ id, ip, userAgent, createdAt, lastSeenAt, expiresAt }) => ({
        id,
        ip,
        userAgent,
        createdAt,
        lastSeenAt,
        expiresAt,
        current: id === principal.sessionId,
      })),
    );
  },
});
