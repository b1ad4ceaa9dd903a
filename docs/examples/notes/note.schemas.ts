import { Type, named, resourceViewSchema } from '@atrium/kernel';

/**
 * The note as the API shows it and what create and update accept, each named: the catalog and
 * /v3/api-docs show them as `Note`, `NoteCreate` and `NoteUpdate`, and generated clients get
 * types of those names. Every field is written once here; resourceViewSchema adds the `id`,
 * `version`, `createdAt` and `updatedAt` every resource row has (resourceColumns).
 */
export const NoteSchema = resourceViewSchema('Note', { title: Type.String(), body: Type.String() });

/** Unique among notes (migrations/0001-create-notes.ts has the index that decides). */
const Title = Type.String({ minLength: 1, maxLength: 200 });
const Body = Type.String({ maxLength: 10_000 });

export const NoteCreate = named('NoteCreate', Type.Object({ title: Title, body: Body }));

/** The fields sent change; those left out stay. `version` is the one the caller read. */
export const NoteUpdate = named(
  'NoteUpdate',
  Type.Object({
    title: Type.Optional(Title),
    body: Type.Optional(Body),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);
