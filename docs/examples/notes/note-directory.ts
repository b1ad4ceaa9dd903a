import { publicApi } from '@atrium/kernel';

/** What other modules may know of a note. */
export interface NoteSummary {
  id: string;
  title: string;
}

/**
 * The public API `notes.NoteDirectory`. A module that uses it lists `notes` in `dependsOn` and
 * declares this same token (the name is what the kernel matches) with the interface it relies on.
 */
export interface NoteDirectory {
  count(): Promise<number>;
  find(id: string): Promise<NoteSummary | null>;
}

export const NoteDirectoryApi = publicApi<NoteDirectory>('notes.NoteDirectory');
