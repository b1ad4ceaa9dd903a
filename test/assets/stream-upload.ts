/** An upload written piece by piece over a raw HTTP connection, honouring backpressure. */
import http, { type IncomingHttpHeaders } from 'node:http';
import { closing, newBoundary, partHead } from './multipart';

export interface StreamedUploadOptions {
  token: string;
  filename: string;
  /** Bytes of file content to send (the letter `a`, repeated: text). */
  size: number;
  /** Send `Content-Length` (else `Transfer-Encoding: chunked`, the length unknown to the server). */
  declareLength: boolean;
}

export interface StreamedUpload {
  status: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Bytes of the request the client managed to hand to its socket before the answer came. */
  written: number;
  /** The request's whole length. */
  total: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/**
 * Posts a multipart upload of `size` bytes to `/api/v1/assets` of `baseUrl`, writing only as fast
 * as the server reads (a write waits for 'drain'): once the server stops reading, the client
 * can hand over no more than the sockets buffer. Resolves with the answer and how much was written.
 */
export function streamUpload(baseUrl: string, options: StreamedUploadOptions): Promise<StreamedUpload> {
  const boundary = newBoundary();
  const head = partHead(boundary, { name: 'file', filename: options.filename, contentType: 'text/plain' });
  const tail = closing(boundary);
  const total = head.length + options.size + tail.length;
  const headers: Record<string, string> = { Authorization: options.token, 'Content-Type': `multipart/form-data; boundary=${boundary}` };
  if (options.declareLength) headers['Content-Length'] = String(total);
  else headers['Transfer-Encoding'] = 'chunked';

  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/v1/assets', baseUrl), { method: 'POST', headers, agent: false });
    let written = 0;
    let answered = false;
    let sent = 0;
    const write = (piece: Buffer) => {
      written += piece.length;
      return req.write(piece);
    };
    const pump = () => {
      while (!answered && sent < options.size) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, options.size - sent));
        sent += piece.length;
        if (!write(piece)) return void req.once('drain', pump);
      }
      if (!answered) {
        write(tail);
        req.end();
      }
    };
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), written, total }));
      res.on('error', reject);
    });
    // Writing into a connection the server closed fails (EPIPE, ECONNRESET): expected once it answered.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    write(head);
    pump();
  });
}
