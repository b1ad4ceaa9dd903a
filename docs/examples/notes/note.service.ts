import {
  AppError,
  KernelErrors,
  OptimisticLockError,
  UniqueConstraintViolationException,
  type DbCapability,
  type EntityManager,
  type EventsCapability,
  type FilterQuery,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import { NotesErrors } from './errors';
import type { NoteDirectory, NoteSummary } from './note-directory';
import { NoteEntity, type Note } from './note.entity';

/** A note as the API shows it. */
export interface NoteView {
  id: string;
  title: string;
  body: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface NoteInput {
  title: string;
  body: string;
}

/**
 * The notes. Handlers call it and return what it returns; every failure it throws is catalogued.
 * Each method takes the EntityManager once: inside a request `ctx.db.em()` is the request's, but
 * outside one (an event handler, start()) every call forks a new one.
 */
export class NoteService implements NoteDirectory {
  constructor(
    private readonly db: DbCapability,
    private readonly events: EventsCapability,
  ) {}

  async list(page: PageRequest, keyword?: string): Promise<Page<NoteView>> {
    const where: FilterQuery<Note> = keyword ? { title: { $ilike: `%${escapeLike(keyword)}%` } } : {};
    // The page's sort only ever holds properties from the route's whitelist. Newest first by
    // default; the id (UUID v7, time-ordered) breaks ties, so pages never overlap.
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: page.sort.length > 0 ? 'asc' : 'desc' } as const;
    const [notes, total] = await this.db.em().findAndCount(NoteEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(notes.map(toView), total);
  }

  async get(id: string): Promise<NoteView> {
    return toView(await load(this.db.em(), id));
  }

  async create(input: NoteInput): Promise<NoteView> {
    const em = this.db.em();
    const note = em.create(NoteEntity, input);
    await flush(() => em.flush());
    await this.events.publish('note-created', { id: note.id, title: note.title });
    return toView(note);
  }

  /** Updates the note if it is still at `version`, the one the caller read. */
  async update(id: string, input: NoteInput, version: number): Promise<NoteView> {
    const em = this.db.em();
    const note = await load(em, id);
    checkVersion(note, version);
    em.assign(note, input);
    await flush(() => em.flush());
    return toView(note);
  }

  async remove(id: string, version?: number): Promise<void> {
    const em = this.db.em();
    const note = await load(em, id);
    if (version !== undefined) checkVersion(note, version);
    await flush(() => em.remove(note).flush());
  }

  // notes.NoteDirectory
  count(): Promise<number> {
    return this.db.em().count(NoteEntity, {});
  }

  async find(id: string): Promise<NoteSummary | null> {
    const note = await this.db.em().findOne(NoteEntity, { id });
    return note ? { id: note.id, title: note.title } : null;
  }
}

async function load(em: EntityManager, id: string): Promise<Note> {
  const note = await em.findOne(NoteEntity, { id });
  if (!note) throw new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ field: '/params/id', message: `no note ${id}` }] });
  return note;
}

function checkVersion(note: Note, version: number): void {
  if (note.version !== version) {
    throw new AppError(KernelErrors.SYSTEM_VERSION_CONFLICT_409, {
      details: [{ field: '/body/version', rule: 'version', message: `the note is at version ${note.version}, not ${version}` }],
    });
  }
}

/** Turns what the database refuses into the module's catalogued errors. */
async function flush(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new AppError(NotesErrors.NOTES_TITLE_TAKEN_409, { cause: error, details: [{ field: '/body/title', rule: 'unique', message: 'is taken' }] });
    }
    // Someone updated the note between our read and our write: the `where version = ?` the ORM
    // adds matched no row.
    if (error instanceof OptimisticLockError) {
      throw new AppError(KernelErrors.SYSTEM_VERSION_CONFLICT_409, {
        cause: error,
        details: [{ field: '/body/version', rule: 'version', message: 'the note changed meanwhile' }],
      });
    }
    throw error;
  }
}

function toView(note: Note): NoteView {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    version: note.version,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

/** `%` and `_` in the keyword are matched as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
