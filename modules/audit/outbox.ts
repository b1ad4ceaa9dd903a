import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '@atrium/kernel';
import type { Logger } from 'pino';

/** Records per segment file: past it a new one is started, so written ones can be deleted whole. */
const SEGMENT_RECORDS = 5000;
const SEPARATOR = '~';

interface Segment {
  file: string;
  /** Records enqueued up to and including this segment's last (see `enqueued`). */
  end: number;
}

/** Segment files some Outbox of this process has open: never someone else's leftovers. */
const openHere = new Set<string>();

/**
 * A local append-only file of records, written before the request they describe is answered, so
 * a crash (`kill -9`, a lost machine with its disk) cannot lose one a client was told succeeded.
 * Appends are group-committed: the records arriving while one write and fsync run go together in
 * the next, so under load one fsync covers many answers and a lone request waits for one.
 *
 * The records are also queued for the database in the same order (the caller does both), and the
 * queue reports how many it has written (`released`): a segment whose records are all in the
 * database is deleted. Segments a crashed process left are adopted at start and their records
 * queued again: inserts skip ids already present, so a replay inserts nothing twice.
 *
 * A segment is named `<host>~<pid>~<id>.jsonl`: a process adopts those of its own host whose
 * process is gone (or had its pid, as a restarted container's first process has), never a live
 * instance's that shares DATA_DIR.
 */
export class Outbox {
  private fd?: number;
  private current?: Segment;
  private readonly closed: Segment[] = [];
  private pending: string[] = [];
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private flushing?: Promise<void>;
  /** Records in the segments this outbox answers for, adopted or appended, since it was made. */
  private enqueued = 0;
  private inCurrent = 0;
  private written = 0;

  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  /**
   * The records of segments left by processes that are gone, in order, each a JSON object text;
   * the segments are then this outbox's to delete once `released` says they are written. A line a
   * crash cut short was never acknowledged (its fsync had not returned) and is skipped.
   */
  adoptLeftovers(): string[] {
    fs.mkdirSync(this.dir, { recursive: true });
    const records: string[] = [];
    for (const name of fs
      .readdirSync(this.dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort(bySegmentId)) {
      const file = path.join(this.dir, name);
      if (!isLeftover(name, file)) continue;
      const lines = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '' && isJsonObject(line));
      records.push(...lines);
      this.enqueued += lines.length;
      this.closed.push({ file, end: this.enqueued });
      openHere.add(file);
    }
    if (records.length > 0)
      this.log.warn({ records: records.length, segments: this.closed.length }, 'replaying audit records a stopped process left in the outbox');
    return records;
  }

  /** Appends one record (a JSON object text on one line); resolves once it is on disk. */
  append(json: string): Promise<void> {
    this.pending.push(json);
    this.enqueued += 1;
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.flushing ??= this.flush();
    return done;
  }

  /** `count` more records, oldest first, are in the database: segments all written are deleted. */
  released(count: number): void {
    this.written += count;
    while (this.closed.length > 0 && this.closed[0].end <= this.written) this.remove(this.closed.shift()!);
  }

  /**
   * Waits for the appends in flight and closes the file. Segments all written are deleted; the
   * others stay for the next start (of this module or of the process) to adopt.
   */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.closeCurrent();
    this.released(0);
    for (const segment of this.closed.splice(0)) openHere.delete(segment.file);
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const lines = this.pending;
      const waiting = this.waiting;
      this.pending = [];
      this.waiting = [];
      try {
        const fd = await this.segmentFor(lines.length);
        await write(fd, Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
        await fdatasync(fd);
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        for (const waiter of waiting) waiter.reject(error);
      }
    }
    this.flushing = undefined;
  }

  /** The file the next `count` records go to: a new segment once the current one is full. */
  private async segmentFor(count: number): Promise<number> {
    if (this.fd !== undefined && this.inCurrent >= SEGMENT_RECORDS) this.closeCurrent();
    if (this.fd === undefined) {
      fs.mkdirSync(this.dir, { recursive: true });
      const file = path.join(this.dir, [os.hostname(), process.pid, newId()].join(SEPARATOR) + '.jsonl');
      this.fd = fs.openSync(file, 'a');
      this.current = { file, end: 0 };
      this.inCurrent = 0;
      openHere.add(file);
      // The new file's name must survive a power loss too, not only its bytes.
      await syncDirectory(this.dir);
    }
    this.inCurrent += count;
    this.current!.end = this.enqueued - this.pending.length;
    return this.fd;
  }

  private closeCurrent(): void {
    if (this.fd === undefined) return;
    fs.closeSync(this.fd);
    this.fd = undefined;
    this.closed.push(this.current!);
    this.current = undefined;
  }

  private remove(segment: Segment): void {
    openHere.delete(segment.file);
    fs.rm(segment.file, { force: true }, (error) => {
      if (error) this.log.warn({ err: error, file: segment.file }, 'could not delete a written audit outbox segment');
    });
  }
}

/** Oldest first: the id part is a UUID v7, ordered by time. */
function bySegmentId(a: string, b: string): number {
  const id = (name: string) => name.split(SEPARATOR).pop()!;
  return id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0;
}

function isLeftover(name: string, file: string): boolean {
  if (openHere.has(file)) return false;
  const [host, pid] = name.split(SEPARATOR);
  if (host !== os.hostname()) return false;
  return Number(pid) === process.pid || !isAlive(Number(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isJsonObject(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

async function write(fd: number, buffer: Buffer): Promise<void> {
  for (let offset = 0; offset < buffer.length;) {
    offset += await new Promise<number>((resolve, reject) =>
      fs.write(fd, buffer, offset, buffer.length - offset, null, (error, bytes) => (error ? reject(error) : resolve(bytes))),
    );
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function fdatasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}
