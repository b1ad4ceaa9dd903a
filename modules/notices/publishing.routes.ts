import { AppError, DEFAULT_TENANT_ID, KernelErrors, Type, currentTenantId, defineRoute, type ModuleContext } from '@atrium/kernel';
import { reachOf } from './audience';
import { NoticeErrors } from './errors';
import { NoticeEntity, type Notice } from './notice.entity';
import { notices } from './notice.resource';
import { NoticeSchema } from './notice.schemas';
import { stateConflict } from './state-conflict';

/** What a reader's live stream (GET /me/events) hears when a notice addressed to them is published. */
export const NOTICE_PUBLISHED = 'notice.published';

const Params = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Moves the notice from one of `from` to `to` in a transaction; 404 when missing, 409 from any other state. */
async function transition(
  ctx: ModuleContext,
  id: string,
  from: readonly Notice['status'][],
  change: (notice: Notice) => Promise<void> | void,
): Promise<Notice> {
  return ctx.db.transactional(async (em) => {
    const notice = await em.findOne(NoticeEntity, { id });
    if (!notice) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404);
    if (!from.includes(notice.status)) throw stateConflict();
    await change(notice);
    await em.flush();
    return notice;
  });
}

export const publishNotice = defineRoute({
  method: 'POST',
  path: '/notices/{id}/publish',
  permission: 'notices:notice:publish',
  summary: 'Publish a notice to its audience',
  description:
    'A draft or withdrawn notice becomes published: its readers find it in `GET /me/notices`, and their live streams (`GET /me/events`) get `notice.published` with its id, title and type. A departments audience reaches those departments and every one under them as the tree is now.',
  params: Params,
  response: NoticeSchema,
  errors: [NoticeErrors.NOTICES_STATE_CONFLICT_409],
  handler: async ({ params }, ctx) => {
    // Read before the transaction: it asks departments, on a connection of its own.
    const draft = await ctx.db.em().findOne(NoticeEntity, { id: params.id });
    const reach = draft ? await reachOf(draft, ctx) : [];
    const notice = await transition(ctx, params.id, ['draft', 'withdrawn'], (row) => {
      Object.assign(row, { status: 'published', publishedAt: new Date(), reach });
    });
    const tenantId = currentTenantId() ?? DEFAULT_TENANT_ID;
    const audience = notice.audience === 'all' ? { tenantId } : { tenantId, groups: notice.reach };
    await ctx.events.push(NOTICE_PUBLISHED, { id: notice.id, title: notice.title, type: notice.type }, audience);
    return notices.view(notice) as never;
  },
});

export const withdrawNotice = defineRoute({
  method: 'POST',
  path: '/notices/{id}/withdraw',
  permission: 'notices:notice:publish',
  summary: 'Withdraw a published notice',
  description: 'Its readers no longer find it in `GET /me/notices`; it can be edited and published again.',
  params: Params,
  response: NoticeSchema,
  errors: [NoticeErrors.NOTICES_STATE_CONFLICT_409],
  handler: async ({ params }, ctx) => notices.view(await transition(ctx, params.id, ['published'], (row) => void (row.status = 'withdrawn'))) as never,
});
