import { KernelErrors, Paginated, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { NotesErrors } from './errors';
import { NoteService } from './note.service';

const NoteSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  body: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const NoteInput = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ maxLength: 10_000 }),
};

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Stateless: building one per call costs nothing, and it always sees the request's EntityManager. */
const notes = (ctx: ModuleContext) => new NoteService(ctx.db, ctx.events);

export const listNotes = defineRoute({
  method: 'GET',
  path: '/notes',
  permission: 'notes:note:list',
  summary: 'Notes, a page at a time',
  query: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the title.' })) }),
  // API field → entity property. Only these may be sorted on; anything else is a 400.
  list: { sort: { title: 'title', createdAt: 'createdAt', updatedAt: 'updatedAt' } },
  response: Paginated(NoteSchema),
  handler: ({ query, page }, ctx) => notes(ctx).list(page, query.keyword),
});

export const getNote = defineRoute({
  method: 'GET',
  path: '/notes/{id}',
  permission: 'notes:note:query',
  summary: 'One note',
  params: IdParams,
  response: NoteSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => notes(ctx).get(params.id),
});

export const createNote = defineRoute({
  method: 'POST',
  path: '/notes',
  permission: 'notes:note:add',
  summary: 'Adds a note',
  status: 201,
  body: Type.Object(NoteInput),
  response: NoteSchema,
  errors: [NotesErrors.NOTES_TITLE_TAKEN_409],
  handler: ({ body }, ctx) => notes(ctx).create(body),
});

export const updateNote = defineRoute({
  method: 'PUT',
  path: '/notes/{id}',
  permission: 'notes:note:edit',
  summary: 'Replaces a note’s title and body; `version` is the one the caller read',
  params: IdParams,
  body: Type.Object({ ...NoteInput, version: Type.Integer({ minimum: 1 }) }),
  response: NoteSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409, NotesErrors.NOTES_TITLE_TAKEN_409],
  handler: ({ params, body: { version, ...input } }, ctx) => notes(ctx).update(params.id, input, version),
});

export const deleteNote = defineRoute({
  method: 'DELETE',
  path: '/notes/{id}',
  permission: 'notes:note:remove',
  summary: 'Removes a note; with `version`, only if it is still the one the caller read',
  params: IdParams,
  query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, KernelErrors.SYSTEM_VERSION_CONFLICT_409],
  handler: async ({ params, query }, ctx) => {
    await notes(ctx).remove(params.id, query.version);
    return {};
  },
});
