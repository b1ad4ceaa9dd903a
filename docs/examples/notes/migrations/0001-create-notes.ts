import { Migration } from '@atrium/kernel';

/**
 * Migrations are plain SQL, written by hand and never changed once released: a later change is
 * a new file (0002-…) listed after this one in the manifest.
 */
export default class CreateNotes extends Migration {
  override up(): void {
    this.addSql(`create table notes_note (
      id uuid primary key,
      title varchar(200) not null,
      body text not null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // Backs NOTES_TITLE_TAKEN_409: the database, not a read-then-write, decides.
    this.addSql('create unique index notes_note_title_key on notes_note (title)');
    // Serves the default order (newest first) and its count.
    this.addSql('create index notes_note_created_at_idx on notes_note (created_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table notes_note');
  }
}
