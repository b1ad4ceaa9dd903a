import { AppError, KernelErrors, Paginated, Type, defineRoute, type EntityManager, type Principal } from '@atrium/kernel';
import { MyNoticeSchema } from './notice.schemas';

/**
 * Published notices addressed to the caller: to everyone, or to a group they belong to
 * (Principal.groups: their roles, their department). `jsonb_exists_any` rather than `?|`, whose
 * question mark the query builder would take for a parameter.
 */
const ADDRESSED = `n.status = 'published' and (n.audience = 'all' or jsonb_exists_any(n.reach, array(select jsonb_array_elements_text(?::jsonb))))`;

/** The caller's groups, bound as one JSON array. */
const groupsOf = (principal: Principal) => JSON.stringify(principal.groups ?? []);

interface Row {
  id: string;
  title: string;
  content_html: string;
  type: 'notice' | 'announcement';
  published_at: Date;
  read: boolean;
}

export const listMyNotices = defineRoute({
  method: 'GET',
  path: '/me/notices',
  permission: 'me:notice:list',
  summary: 'The published notices addressed to the caller, unread first',
  description:
    'Notices published to everyone, to one of the caller’s roles or to their department (or one above it); the unread ones first, then the newest. `read` says whether the caller opened it (`POST /me/notices/{id}/read`).',
  list: { sort: {} },
  query: Type.Object({ unread: Type.Optional(Type.Boolean({ description: 'Only those not read yet' })) }),
  response: Paginated(MyNoticeSchema),
  handler: async ({ principal, page, query }, ctx) => {
    const em = ctx.db.em();
    const where = `${ADDRESSED}${query.unread ? ' and r.user_id is null' : ''}`;
    const from = 'from notices_notice n left join notices_read r on r.notice_id = n.id and r.user_id = ?';
    const bindings = [principal.userId, groupsOf(principal)];
    const rows = await em.execute<Row[]>(
      `select n.id, n.title, n.content_html, n.type, n.published_at, r.user_id is not null as read ${from} where ${where}
       order by read, n.published_at desc, n.id desc limit ? offset ?`,
      [...bindings, page.limit, page.offset],
    );
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total ${from} where ${where}`, bindings);
    return page.result(
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        contentHtml: row.content_html,
        type: row.type,
        publishedAt: new Date(row.published_at).toISOString(),
        read: row.read,
      })),
      Number(total),
    );
  },
});

export const readMyNotice = defineRoute({
  method: 'POST',
  path: '/me/notices/{id}/read',
  permission: 'me:notice:list',
  summary: 'Mark a notice addressed to the caller as read',
  description: 'Idempotent. A notice that is not published to the caller is 404, as if it did not exist.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: Type.Object({}),
  handler: async ({ principal, params }, ctx) => {
    const em: EntityManager = ctx.db.em();
    const marked = await em.execute<{ notice_id: string }[]>(
      `insert into notices_read (notice_id, user_id, read_at)
       select n.id, ?, now() from notices_notice n where n.id = ? and ${ADDRESSED}
       on conflict (notice_id, user_id) do nothing returning notice_id`,
      [principal.userId, params.id, groupsOf(principal)],
    );
    if (marked.length === 0) {
      const [seen] = await em.execute<{ one: number }[]>(`select 1 as one from notices_notice n where n.id = ? and ${ADDRESSED}`, [
        params.id,
        groupsOf(principal),
      ]);
      if (!seen) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404);
    }
    return {};
  },
});
