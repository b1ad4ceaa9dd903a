import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';

/**
 * A note, mapped without decorators. The table is created by migrations/0001-create-notes.ts,
 * never from this mapping: keep the two in step by hand.
 */
export const NoteEntity = defineEntity({
  // Entity names are shared by every module on the instance: the kernel refuses a second `Note`.
  name: 'Note',
  tableName: 'notes_note',
  properties: (p) => ({
    // The columns every resource has: a UUID v7 id (time-ordered, so new rows land at the end of
    // the primary key index), the optimistic version (MikroORM starts it at 1 and adds
    // `where version = ?` to every update), and createdAt/updatedAt, equal on create.
    ...resourceColumns(p),
    title: p.string().length(200),
    body: p.text(),
  }),
});

export type Note = InferEntity<typeof NoteEntity>;
