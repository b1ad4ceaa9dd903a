import type { DbCapability } from '@atrium/kernel';
import type { NoteDirectory, NoteSummary } from './note-directory';
import { NoteEntity } from './note.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `notes.NoteDirectory`: what other modules may know of the notes, read directly — they ask
 * outside the notes routes, so neither the routes' permissions nor the audit log apply.
 */
export class NoteDirectoryReader implements NoteDirectory {
  constructor(private readonly db: DbCapability) {}

  count(): Promise<number> {
    return this.db.em().count(NoteEntity, {});
  }

  async find(id: string): Promise<NoteSummary | null> {
    // Any text may be asked; one that is no UUID names no note (and would be a database error).
    if (!UUID.test(id)) return null;
    const note = await this.db.em().findOne(NoteEntity, { id });
    return note ? { id: note.id, title: note.title } : null;
  }
}
