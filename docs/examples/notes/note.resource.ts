import { contains, defineResource } from '@atrium/kernel';
import { NotesErrors } from './errors';
import { NoteEntity } from './note.entity';
import { NoteCreate, NoteSchema, NoteUpdate } from './note.schemas';

/**
 * The notes, declared once: the kit makes the five routes (list, read, create, update, delete)
 * with their catalog entries, checks versions, records each write in the audit log, and turns
 * the title's unique index into NOTES_TITLE_TAKEN_409. What is the module's own is the event.
 */
export const notes = defineResource({
  path: '/notes',
  entity: NoteEntity,
  labels: { one: 'note', many: 'notes' },
  // notes:note:list, notes:note:query, notes:note:add, notes:note:edit, notes:note:remove.
  permissions: 'notes:note',
  schemas: { view: NoteSchema, create: NoteCreate, update: NoteUpdate },
  filters: { keyword: contains(['title'], 'Part of the title') },
  // API field → entity property. Only these may be sorted on; anything else is a 400.
  sort: { title: 'title', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: { createdAt: 'desc' },
  // The index decides, so two concurrent creates of one title cannot both win.
  unique: { notes_note_title_key: { error: NotesErrors.NOTES_TITLE_TAKEN_409, field: '/body/title', message: 'is taken' } },
  hooks: {
    // After the commit: a module told of a note can read it.
    async afterWrite({ action, after }, ctx) {
      if (action === 'create' && after) await ctx.events.publish('note-created', { id: after.id, title: after.title });
    },
  },
  docs: {
    update: { summary: 'Changes a note’s title or body; `version` is the one the caller read' },
  },
});
