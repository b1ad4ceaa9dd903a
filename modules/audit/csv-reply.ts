import type { Readable } from 'node:stream';
import { RawReply } from '@atrium/kernel';

/** A CSV download: the stream as the body, a file name with the day it was taken. */
export function csvReply(name: string, body: Readable): RawReply {
  const day = new Date().toISOString().slice(0, 10);
  return new RawReply(body, 'text/csv; charset=utf-8', { 'Content-Disposition': `attachment; filename="${name}-${day}.csv"` });
}
