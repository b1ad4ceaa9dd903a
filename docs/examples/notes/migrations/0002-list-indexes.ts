import { ListIndexesMigration } from '@atrium/kernel';

/**
 * Indexes of the notes list (note.resource.ts): a trigram index on the title, which the keyword
 * searches, and a btree index on the updatedAt sort. The title sort reads 0001's unique index,
 * the createdAt sort (and the default order, newest first) 0001's (created_at desc, id desc).
 */
export default class NoteListIndexes extends ListIndexesMigration {
  protected readonly table = 'notes_note';
  protected readonly btree = ['updated_at'];
  protected readonly trigram = ['title'];
}
