/** Multipart bodies built byte by byte, so a test controls exactly what a client sends. */
import crypto from 'node:crypto';

export interface Part {
  /** The form field: `file` for an upload. */
  name: string;
  /** A file part when set (as `filename*=UTF-8''…`, so any character can travel); a field otherwise. */
  filename?: string;
  content: Buffer | string;
  /** The part's declared type: what a client says, never what the server believes. */
  contentType?: string;
}

export interface MultipartBody {
  contentType: string;
  boundary: string;
  body: Buffer;
}

/** `Content-Disposition` of a part: the name RFC 5987-encoded, as browsers do for names that need it. */
function disposition(part: Part): string {
  if (part.filename === undefined) return `form-data; name="${part.name}"`;
  const encoded = encodeURIComponent(part.filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `form-data; name="${part.name}"; filename*=UTF-8''${encoded}`;
}

/** The head of one part (its boundary line and headers), for bodies streamed in pieces. */
export function partHead(boundary: string, part: Omit<Part, 'content'>): Buffer {
  const type = part.filename !== undefined ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition(part as Part)}\r\n${type}\r\n`);
}

/** The closing boundary. */
export function closing(boundary: string): Buffer {
  return Buffer.from(`\r\n--${boundary}--\r\n`);
}

export function newBoundary(): string {
  return `atrium-test-${crypto.randomBytes(8).toString('hex')}`;
}

export function multipart(parts: Part[]): MultipartBody {
  const boundary = newBoundary();
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(Buffer.from('\r\n'));
    pieces.push(partHead(boundary, part), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
  });
  pieces.push(closing(boundary));
  return { contentType: `multipart/form-data; boundary=${boundary}`, boundary, body: Buffer.concat(pieces) };
}
