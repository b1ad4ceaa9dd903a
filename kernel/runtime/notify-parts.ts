import { randomUUID } from 'node:crypto';

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more, and an event (a task's result, a
 * notice) can be larger: a message goes as parts of at most PART_LENGTH UTF-16 units (6,000
 * bytes of UTF-8 at most), each `<message id> <index> <count> <text>`, sent in one transaction
 * so that they arrive together and in order.
 */
const PART_LENGTH = 2_000;
/** Parts of a message whose rest never came (its sender died between them) are dropped after this. */
const INCOMPLETE_TTL_MS = 60_000;

export function notifyParts(message: string): string[] {
  const id = randomUUID();
  const texts: string[] = [];
  for (let at = 0; at < message.length || texts.length === 0;) {
    let end = Math.min(message.length, at + PART_LENGTH);
    // Never between the two halves of a surrogate pair: each part must be valid UTF-8 alone.
    if (end < message.length && isHighSurrogate(message.charCodeAt(end - 1))) end -= 1;
    texts.push(message.slice(at, end));
    at = end;
  }
  return texts.map((text, index) => `${id} ${index} ${texts.length} ${text}`);
}

/** Puts the parts heard back together: a whole message once its last part is in. */
export class NotifyReassembly {
  private readonly pending = new Map<string, { parts: string[]; received: number; startedAt: number }>();

  /** The whole message when `payload` completes one; null while parts are missing or for what is not a part. */
  add(payload: string): string | null {
    const match = /^(\S+) (\d+) (\d+) /.exec(payload);
    if (!match) return null;
    const [header, id, indexText, countText] = match;
    const [index, count] = [Number(indexText), Number(countText)];
    const text = payload.slice(header.length);
    if (count === 1) return text;
    if (index >= count) return null;
    this.dropStale();
    const message = this.pending.get(id) ?? { parts: new Array<string>(count), received: 0, startedAt: Date.now() };
    this.pending.set(id, message);
    if (message.parts[index] === undefined) message.received += 1;
    message.parts[index] = text;
    if (message.received < count) return null;
    this.pending.delete(id);
    return message.parts.join('');
  }

  private dropStale(): void {
    const oldest = Date.now() - INCOMPLETE_TTL_MS;
    for (const [id, message] of this.pending) if (message.startedAt < oldest) this.pending.delete(id);
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
