import { contains, defineResource, equals } from '@atrium/kernel';
import { checkAudience } from './audience';
import { NoticeErrors } from './errors';
import { renderMarkdown } from './markdown';
import { NoticeEntity, type Notice } from './notice.entity';
import { CreateNoticeBody, NoticeSchema, NoticeStatus, NoticeType, UpdateNoticeBody } from './notice.schemas';
import { stateConflict } from './state-conflict';

/**
 * Notices as their authors manage them. A new one is a draft; publishing and withdrawing are
 * routes of their own (publishing.routes.ts). Only a draft or a withdrawn notice is edited: what
 * its readers were sent stays what they read.
 */
export const notices = defineResource({
  path: '/notices',
  entity: NoticeEntity,
  labels: { one: 'notice', many: 'notices' },
  permissions: 'notices:notice',
  schemas: { view: NoticeSchema, create: CreateNoticeBody, update: UpdateNoticeBody },
  filters: { keyword: contains(['title'], 'Part of the title'), type: equals('type', NoticeType), status: equals('status', NoticeStatus) },
  sort: { title: 'title', createdAt: 'createdAt', publishedAt: 'publishedAt' },
  defaultSort: { createdAt: 'desc' },
  defaults: { type: 'notice', status: 'draft', audience: 'all', audienceIds: () => [], reach: () => [], publishedAt: null },
  trim: ['title'],
  errors: { update: [NoticeErrors.NOTICES_STATE_CONFLICT_409] },
  hooks: {
    // Outside the transaction: it asks roles and departments (docs/writing-a-module.md, hooks).
    checkWrite: (fields, ctx) => checkAudience(fields as { audience?: Notice['audience']; audienceIds?: string[] }, ctx),
    beforeCreate: async (fields) => {
      fields.contentHtml = await renderMarkdown(fields.content as string);
    },
    beforeUpdate: async (row, change) => {
      if ((row as Notice).status === 'published') throw stateConflict();
      if (change.content !== undefined) change.contentHtml = await renderMarkdown(change.content as string);
    },
  },
  docs: {
    list: { description: 'Every notice of the tenant, drafts and withdrawn ones included, newest first unless sorted.' },
    create: {
      description:
        'A draft, its Markdown rendered and sanitised into `contentHtml`. `audienceIds` names the roles or departments of `audience`, and nothing for `all`.',
    },
    update: { description: 'Only a draft or a withdrawn notice (409 NOTICES_STATE_CONFLICT_409 for a published one: withdraw it first).' },
  },
});
