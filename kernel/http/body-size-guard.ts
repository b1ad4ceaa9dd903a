import type { Request } from 'express';
import { discardRefusedBody } from './refused-body';

/**
 * Reads a request body with `read`, refusing it (`refuse`) as soon as it is known to be over
 * `limit` bytes: at once for a declared Content-Length over it (then `read` is never called),
 * else the moment the byte past the limit arrives. A body parser reads a refused body to its end
 * before it answers (body-parser does), so a client could make the server read without end; here
 * the answer goes at once, and the rest is discarded within refused-body.ts's bound.
 */
export function readWithinLimit(req: Request, limit: number, refuse: () => void, read: () => void): void {
  const over = () => {
    refuse();
    discardRefusedBody(req);
  };
  if (Number(req.headers['content-length']) > limit) return over();
  read();
  // Counted beside the parser, which has just started reading: both see every chunk.
  let seen = 0;
  const count = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= limit) return;
    req.off('data', count);
    over();
  };
  req.on('data', count);
}
