import type { Request } from 'express';

/** How much of a refused body is read and thrown away after the answer, at most. */
export const DISCARD_MAX_BYTES = 4 * 1024 * 1024;
/** How long after the answer the rest of a refused body is read, at most. */
export const DISCARD_MAX_MS = 5000;

export interface DiscardBound {
  maxBytes: number;
  maxMs: number;
}

/**
 * Lets a client that is still sending a body the server refused (a 413) read the answer. A
 * connection closed with unread bytes in it is reset, and the reset can overtake the answer:
 * curl, fetch and browsers then report a broken connection, not the 413. So the rest of the body
 * is read and thrown away — up to `maxBytes`, and for `maxMs` after the answer, so that a client
 * cannot make the server read without end — and the connection is closed when the bound is
 * passed, never before the answer is out. A body that ends within the bound leaves an ordinary
 * connection. Call it when refusing, before throwing.
 */
export function discardRefusedBody(req: Request, bound: DiscardBound = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS }): void {
  if (req.complete) return;
  let discarded = 0;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  // Read from now on, so that Node does not take the body over (it would read all of it).
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded <= bound.maxBytes) return;
    // Never closed before the answer is out: until then the client waits.
    if (answered) close();
    else req.pause();
  });
  req.res!.once('finish', () => {
    answered = true;
    if (discarded > bound.maxBytes) return close();
    timer = setTimeout(close, bound.maxMs).unref();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}
