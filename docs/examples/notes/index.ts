import { defineModule, provide } from '@atrium/kernel';
import { NotesErrors } from './errors';
import { NoteDirectoryApi } from './note-directory';
import { NoteDirectoryReader } from './note-directory-reader';
import { NoteEntity } from './note.entity';
import { notes } from './note.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: NotesErrors,
  entities: [NoteEntity],
  routes: notes.routes,
  provides: [provide(NoteDirectoryApi, (ctx) => new NoteDirectoryReader(ctx.db))],
});
