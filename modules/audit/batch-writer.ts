import type { Logger } from 'pino';
import { JsonBatches } from './json-batches';

export interface BatchWriterOptions {
  /** What the records are, for log lines ("operation records"). */
  what: string;
  /** Writes one batch, a JSON array of records, as one insert; throws when the database refuses. */
  write(json: string): Promise<void>;
  /** Told how many more records, oldest first, the database has taken (the outbox deletes them). */
  written?(count: number): void;
  log: Logger;
  /** How often everything queued is written. */
  intervalMs?: number;
  /** Records per insert; a full batch is written at once rather than at the next tick. */
  batchSize?: number;
  /** The wait after a first failure, doubled on each further one up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Records written in batches off the request path: `add` only appends. A batch leaves the queue
 * once the database has taken it; on an error it stays, in order, and is tried again after an
 * exponential backoff, so a database hiccup delays records but never drops them.
 */
export class BatchWriter {
  private readonly batches: JsonBatches;
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private failures = 0;
  /** No attempt before this time (ms since the epoch): the backoff after a failure. */
  private notBefore = 0;
  private readonly intervalMs: number;
  private readonly firstBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: BatchWriterOptions) {
    this.batches = new JsonBatches(options.batchSize ?? 500);
    this.intervalMs = options.intervalMs ?? 200;
    this.firstBackoffMs = options.firstBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
  }

  /** Records waiting to be written. */
  get pending(): number {
    return this.batches.count;
  }

  /** Queues one record, a JSON object text. */
  add(json: string): void {
    this.batches.add(json);
    if (this.timer && this.batches.ready) this.writeSoon();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.writeSoon(true), this.intervalMs);
    // Pending records do not keep a process alive; stop() is what writes the last ones.
    this.timer.unref();
  }

  /**
   * Stops the ticks and writes what is queued, retrying until `timeoutMs` has passed; what is
   * still unwritten then is logged whole (the only place left to keep it) and let go.
   */
  async stop(timeoutMs: number): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + timeoutMs;
    await this.writing;
    while (this.batches.count > 0 && Date.now() < deadline) {
      this.notBefore = 0;
      this.batches.seal();
      await this.drain();
      if (this.batches.count > 0) await sleep(Math.max(0, Math.min(this.notBefore, deadline) - Date.now()));
    }
    if (this.batches.count > 0) {
      const count = this.batches.count;
      this.options.log.error({ unwritten: this.batches.drainAll() }, `${count} ${this.options.what} could not be written before stopping`);
    }
  }

  /** `everything`: what is queued now (a tick), not only the full batches. */
  private writeSoon(everything = false): void {
    if (this.writing || Date.now() < this.notBefore) return;
    if (everything) this.batches.seal();
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
    });
  }

  /**
   * Writes the sealed batches, oldest first, including those that fill while it writes: under
   * load every insert carries a full batch. Stops at the first batch the database refuses.
   */
  private async drain(): Promise<void> {
    for (let batch = this.batches.head(); batch; batch = this.batches.head()) {
      try {
        await this.options.write(batch.json);
      } catch (error) {
        this.failures += 1;
        const waitMs = Math.min(this.maxBackoffMs, this.firstBackoffMs * 2 ** (this.failures - 1));
        this.notBefore = Date.now() + waitMs;
        this.options.log.warn(
          { err: error, pending: this.batches.count, failures: this.failures, retryInMs: waitMs },
          `could not write ${this.options.what}: keeping them to retry`,
        );
        return;
      }
      this.batches.shift();
      this.options.written?.(batch.count);
      if (this.failures > 0) {
        this.options.log.info({ failures: this.failures }, `writing ${this.options.what} again`);
        this.failures = 0;
        this.notBefore = 0;
      }
    }
  }
}
