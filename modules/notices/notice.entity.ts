import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

export const NOTICE_TYPES = ['notice', 'announcement'] as const;
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export const NOTICE_AUDIENCES = ['all', 'roles', 'departments'] as const;

/** A notice. The table is created by migrations/0001-create-notices.ts. */
export const NoticeEntity = defineEntity({
  name: 'Notice',
  tableName: 'notices_notice',
  properties: (p) => ({
    ...resourceColumns(p),
    title: p.string().length(200),
    /** As written, Markdown. */
    content: p.text(),
    /** `content` rendered and sanitised (markdown.ts), kept beside it so readers never render. */
    contentHtml: p.text(),
    type: p.enum([...NOTICE_TYPES]),
    status: p.enum([...NOTICE_STATUSES]),
    audience: p.enum([...NOTICE_AUDIENCES]),
    /** The roles or departments chosen; empty for `all`. */
    audienceIds: p.json<string[]>(),
    /** The groups it reached when published (Principal.groups: `role:<id>`, `dept:<id>`, departments with those under them). */
    reach: p.json<string[]>(),
    publishedAt: p.datetime().nullable(),
  }),
});

export type Notice = InferEntity<typeof NoticeEntity>;
