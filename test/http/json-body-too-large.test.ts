import http from 'node:http';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';

const MiB = 1024 * 1024;
/** The server reads at most this much of a refused body after answering (kernel/http/refused-body.ts). */
const DISCARD_MAX_BYTES = 4 * MiB;
const LIMIT = 64 * 1024;

interface Outcome {
  status: number;
  code: unknown;
  /** Bytes the client had handed over when the answer came. */
  writtenAtAnswer: number;
  /** Bytes the client had handed over when the connection closed. */
  written: number;
}

/**
 * POSTs a JSON body of `total` bytes to a JSON route over a keep-alive connection, writing as fast
 * as the server reads and on after the answer, as curl and browsers do; settles when the
 * connection closes.
 */
function postHugeJson(server: TestServer, total: number, declareLength: boolean): Promise<Outcome> {
  const agent = new http.Agent({ keepAlive: true });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(declareLength ? { 'Content-Length': String(total) } : {}) };
  const req = http.request(`${server.url}/api/v1/auth/login`, { method: 'POST', agent, headers });
  const chunk = Buffer.alloc(256 * 1024, 'a');
  const head = Buffer.from('{"username":"');
  return new Promise((resolve, reject) => {
    let written = 0;
    let writtenAtAnswer = -1;
    let answer: { status: number; code: unknown } | undefined;
    const write = (piece: Buffer) => {
      written += piece.length;
      return req.write(piece);
    };
    const pump = () => {
      while (written < total - 2) {
        if (!write(chunk.subarray(0, Math.min(chunk.length, total - 2 - written)))) return void req.once('drain', pump);
      }
      write(Buffer.from('"}'));
      req.end();
    };
    req.on('response', (res) => {
      writtenAtAnswer = written;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (answer = { status: res.statusCode!, code: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: unknown }).code }));
    });
    req.on('error', () => undefined);
    // Settled when the connection closes, or when the whole body went through (it then stays open).
    const settle = () => {
      agent.destroy();
      if (answer) resolve({ ...answer, writtenAtAnswer, written });
      else reject(new Error(`no answer before the connection closed, ${written} bytes written`));
    };
    req.on('socket', (socket) => socket.once('close', settle));
    req.on('finish', () => setTimeout(settle, 100));
    write(head);
    pump();
  });
}

/**
 * A JSON body over JSON_BODY_LIMIT_BYTES is answered 413 SYSTEM_PAYLOAD_TOO_LARGE_413 once the
 * limit is known to be passed — not after the whole body has been read — and the server reads a
 * bounded amount of the rest before closing the connection.
 */
describe('a JSON body far over the limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ config: { jsonBodyLimitBytes: LIMIT } });
  });
  after(() => server?.stop());

  for (const declareLength of [true, false]) {
    it(`answers 413 SYSTEM_PAYLOAD_TOO_LARGE_413 to 64 MiB ${declareLength ? 'of declared length' : 'sent chunked'} without reading it all`, async () => {
      const outcome = await postHugeJson(server, 64 * MiB, declareLength);
      expect(outcome).to.include({ status: 413, code: 'SYSTEM_PAYLOAD_TOO_LARGE_413' });
      expect(outcome.writtenAtAnswer).to.be.below(LIMIT + 16 * MiB);
      expect(outcome.written).to.be.below(LIMIT + DISCARD_MAX_BYTES + 16 * MiB);
    });
  }
});
