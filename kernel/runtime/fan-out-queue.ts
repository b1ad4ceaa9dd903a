/** Writes made in one turn of the event loop before the rest wait for the next. */
const WRITES_PER_TURN = 64;

interface FanOut<T> {
  targets: readonly T[];
  next: number;
  write: (target: T) => void;
}

/**
 * Runs one write per target for many targets — a heartbeat or an event to a thousand open
 * streams — a few dozen per turn of the event loop instead of all at once, so requests that
 * arrive meanwhile wait for a slice of it, not the whole. Fan-outs run in the order they were
 * queued, so no target sees a later write before an earlier one; the first slice runs at once.
 */
export class FanOutQueue<T> {
  private readonly queue: FanOut<T>[] = [];
  private scheduled?: NodeJS.Immediate;

  add(targets: readonly T[], write: (target: T) => void): void {
    if (targets.length === 0) return;
    this.queue.push({ targets, next: 0, write });
    if (this.scheduled === undefined && this.queue.length === 1) this.drain();
  }

  /** Forgets what is still queued (the targets are going away). */
  clear(): void {
    this.queue.length = 0;
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
  }

  private drain(): void {
    this.scheduled = undefined;
    let budget = WRITES_PER_TURN;
    try {
      while (budget > 0 && this.queue.length > 0) {
        const fanOut = this.queue[0];
        const end = Math.min(fanOut.targets.length, fanOut.next + budget);
        budget -= end - fanOut.next;
        while (fanOut.next < end) fanOut.write(fanOut.targets[fanOut.next++]);
        if (fanOut.next === fanOut.targets.length) this.queue.shift();
      }
    } finally {
      // Even after a write threw, what is queued still goes out.
      if (this.queue.length > 0) this.scheduled = setImmediate(() => this.drain());
    }
  }
}
