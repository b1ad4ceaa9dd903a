import { defineEntity, type InferEntity } from '@atrium/kernel';
import { v7 as uuidv7 } from 'uuid';

/**
 * A note, mapped without decorators. The table is created by migrations/0001-create-notes.ts,
 * never from this mapping: keep the two in step by hand.
 */
export const NoteEntity = defineEntity({
  // Entity names are shared by every module on the instance: the kernel refuses a second `Note`.
  name: 'Note',
  tableName: 'notes_note',
  properties: (p) => ({
    // UUID v7: time-ordered, so new rows land at the end of the primary key index.
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    title: p.string().length(200),
    body: p.text(),
    // Optimistic locking: MikroORM starts it at 1 and adds `where version = ?` to every update.
    version: p.integer().version(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});

export type Note = InferEntity<typeof NoteEntity>;
