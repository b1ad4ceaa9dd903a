import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { NOTICE_AUDIENCES, NOTICE_STATUSES, NOTICE_TYPES } from './notice.entity';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const NoticeType = literals(NOTICE_TYPES);
export const NoticeStatus = literals(NOTICE_STATUSES);
export const NoticeAudience = literals(NOTICE_AUDIENCES);

export const NoticeSchema = resourceViewSchema('Notice', {
  title: Type.String(),
  content: Type.String({ description: 'As written, Markdown' }),
  contentHtml: Type.String({ description: 'The content rendered as HTML and sanitised by the server: safe to insert into a page' }),
  type: NoticeType,
  status: NoticeStatus,
  audience: NoticeAudience,
  audienceIds: Type.Array(Type.String({ format: 'uuid' }), { description: 'The roles or departments chosen; empty for all' }),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** Trimmed before it is stored. */
const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Content = Type.String({ maxLength: 20_000 });
const AudienceIds = Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100, uniqueItems: true });

export const CreateNoticeBody = named(
  'NoticeCreate',
  Type.Object({
    title: Title,
    content: Content,
    type: Type.Optional(NoticeType),
    audience: Type.Optional(NoticeAudience),
    audienceIds: Type.Optional(AudienceIds),
  }),
);

export const UpdateNoticeBody = named(
  'NoticeUpdate',
  Type.Object({
    title: Type.Optional(Title),
    content: Type.Optional(Content),
    type: Type.Optional(NoticeType),
    audience: Type.Optional(NoticeAudience),
    audienceIds: Type.Optional(AudienceIds),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);

/** A notice as its reader sees it: `read` says whether they opened it. */
export const MyNoticeSchema = named(
  'MyNotice',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    contentHtml: Type.String(),
    type: NoticeType,
    publishedAt: Type.String({ format: 'date-time' }),
    read: Type.Boolean(),
  }),
);
