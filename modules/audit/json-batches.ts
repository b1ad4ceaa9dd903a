/** One batch: a JSON array being written into a buffer, one record at a time. */
interface Batch {
  buffer: Buffer;
  bytes: number;
  count: number;
  sealed: boolean;
}

const FIRST_BUFFER_BYTES = 64 * 1024;
const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * Records (JSON object texts) queued in batches of at most `batchSize`, each batch a JSON array
 * kept as UTF-8 bytes outside the JavaScript heap. A record waits up to a flush interval, long
 * enough to outlive the young generation: as a string it would be copied and promoted by the
 * garbage collector, which under load costs more than making it; as bytes in a buffer it is not
 * scanned at all.
 *
 * A batch is sealed when it is full, or when the writer takes everything queued (`seal`); new
 * records go to a new batch, so a sealed one is written exactly as it is, however often it has
 * to be tried.
 */
export class JsonBatches {
  private readonly batches: Batch[] = [];
  private records = 0;

  constructor(private readonly batchSize: number) {}

  /** Records queued, written or not. */
  get count(): number {
    return this.records;
  }

  add(json: string): void {
    let batch = this.batches[this.batches.length - 1];
    if (!batch || batch.sealed) {
      batch = { buffer: Buffer.allocUnsafe(FIRST_BUFFER_BYTES), bytes: 1, count: 0, sealed: false };
      batch.buffer[0] = OPEN;
      this.batches.push(batch);
    }
    // Room for the text in the worst case of UTF-8 (3 bytes per UTF-16 unit), a comma and `]`.
    reserve(batch, json.length * 3 + 2);
    if (batch.count > 0) batch.buffer[batch.bytes++] = COMMA;
    batch.bytes += batch.buffer.write(json, batch.bytes, 'utf8');
    batch.count += 1;
    this.records += 1;
    if (batch.count >= this.batchSize) close(batch);
  }

  /** Seals the batch being filled, so everything queued so far can be written. */
  seal(): void {
    const open = this.batches[this.batches.length - 1];
    if (open && !open.sealed && open.count > 0) close(open);
  }

  /** Whether a sealed batch waits to be written. */
  get ready(): boolean {
    return this.batches[0]?.sealed === true;
  }

  /** The oldest sealed batch, as the JSON array text to write. */
  head(): { json: string; count: number } | undefined {
    const batch = this.batches[0];
    return batch?.sealed ? { json: batch.buffer.toString('utf8', 0, batch.bytes), count: batch.count } : undefined;
  }

  /** Forgets the oldest batch: the database has it. */
  shift(): void {
    const batch = this.batches.shift();
    if (batch) this.records -= batch.count;
  }

  /** Takes every record still queued (sealed or not), as JSON array texts, and forgets them. */
  drainAll(): string[] {
    this.seal();
    const texts = this.batches.map((batch) => batch.buffer.toString('utf8', 0, batch.bytes));
    this.batches.length = 0;
    this.records = 0;
    return texts;
  }
}

function reserve(batch: Batch, more: number): void {
  const needed = batch.bytes + more;
  if (needed <= batch.buffer.length) return;
  const grown = Buffer.allocUnsafe(Math.max(needed, batch.buffer.length * 2));
  batch.buffer.copy(grown, 0, 0, batch.bytes);
  batch.buffer = grown;
}

function close(batch: Batch): void {
  batch.buffer[batch.bytes++] = CLOSE;
  batch.sealed = true;
}
