import { defineModule, provide } from '@atrium/kernel';
import { NotesErrors } from './errors';
import { NoteDirectoryApi } from './note-directory';
import { NoteEntity } from './note.entity';
import { NoteService } from './note.service';
import { createNote, deleteNote, getNote, listNotes, updateNote } from './notes.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: NotesErrors,
  entities: [NoteEntity],
  routes: [listNotes, getNote, createNote, updateNote, deleteNote],
  provides: [provide(NoteDirectoryApi, (ctx) => new NoteService(ctx.db, ctx.events))],
});
