import { RawReply, defineRoute } from '@atrium/kernel';
import { Type } from '@sinclair/typebox';

/**
 * The caller's live events as Server-Sent Events. Any signed-in caller may listen: it carries
 * nothing but what modules push to that caller (their tasks, their session, notices for them,
 * modules coming and going), so it needs no permission of its own.
 */
export const myEvents = defineRoute({
  method: 'GET',
  path: '/me/events',
  authenticated: true,
  summary: "The caller's live events (Server-Sent Events)",
  description:
    'A `text/event-stream` that stays open: each event has an `id`, an `event` name (`task.updated`, `session.revoked`, `module.changed`, `notice.published`) and JSON `data`; ' +
    'a comment line every `EVENTS_HEARTBEAT_MS` (15 s) keeps proxies from closing it. Reconnect with the last `id` received as the `Last-Event-ID` header to be sent what was missed, ' +
    "as far back as the instance's last thousand events go. The stream ends when the caller's session is revoked (after `session.revoked`) and when the instance stops; " +
    'authenticate with the access token as for any request.',
  raw: { contentType: 'text/event-stream' },
  response: Type.String({ description: 'Server-Sent Events: `id`, `event` and `data` (JSON) lines, a blank line after each event' }),
  handler: ({ principal, headers }, ctx) => {
    const lastEventId = headers['last-event-id'];
    const stream = ctx.kernel.streams.open(
      { userId: principal.userId, tenantId: principal.tenantId, sessionId: principal.sessionId, groups: principal.groups },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
    // no-transform: compression would hold events back to fill its blocks.
    return new RawReply(stream, 'text/event-stream; charset=utf-8', { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  },
});
