import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { setParam } from '../support/identity';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { closing, newBoundary, partHead } from './multipart';

const MiB = 1024 * 1024;
const LIMIT = 1000;
/** The server reads at most this much of a refused body after answering (kernel/http/refused-body.ts). */
const DISCARD_MAX_BYTES = 4 * MiB;

interface Answer {
  status: number;
  body: { code?: string; message?: string; details?: unknown[]; traceId?: string };
}

/** A multipart upload of `size` bytes of text: its content type and its bytes. */
function uploadBody(size: number): { contentType: string; body: Buffer } {
  const boundary = newBoundary();
  const head = partHead(boundary, { name: 'file', filename: 'big.txt', contentType: 'text/plain' });
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, Buffer.alloc(size, 'a'), closing(boundary)]) };
}

function expectTooLarge(answer: Answer): void {
  expect(answer.status).to.equal(413);
  expect(answer.body).to.have.all.keys('code', 'message', 'details', 'traceId');
  expect(answer.body.code).to.equal('ASSET_TOO_LARGE_413');
}

/**
 * An upload over the limit answers a 413 that every kind of client gets to read — Node's fetch,
 * curl, a raw HTTP client that keeps sending — instead of a reset connection; and the server
 * reads no more than a bounded amount of what is still coming.
 */
describe('assets: a 413 every client can read', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await setParam(server, 'assets.upload.maxBytes', String(LIMIT));
  });
  after(() => server?.stop());

  it('answers Node’s fetch (undici) sending 32 MiB with the status and the envelope', async () => {
    const { contentType, body } = uploadBody(32 * MiB);
    const res = await fetch(`${server.url}/api/v1/assets`, {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': contentType },
      body: new Uint8Array(body),
    });
    expectTooLarge({ status: res.status, body: (await res.json()) as Answer['body'] });
  });

  it('answers Node’s fetch streaming 32 MiB of unknown length with the status and the envelope', async () => {
    const { contentType, body } = uploadBody(32 * MiB);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/v1/assets`, {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': contentType },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge({ status: res.status, body: (await res.json()) as Answer['body'] });
  });

  it('answers curl --data-binary of a 32 MiB file with the status and the envelope', async function () {
    const { contentType, body } = uploadBody(32 * MiB);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-413-')), 'body.bin');
    fs.writeFileSync(file, body);
    try {
      const args = [
        '-sS',
        '-o',
        '-',
        '-w',
        '\n%{http_code}',
        '-H',
        `Authorization: ${ADMIN}`,
        '-H',
        `Content-Type: ${contentType}`,
        '--data-binary',
        `@${file}`,
        `${server.url}/api/v1/assets`,
      ];
      const output = await new Promise<string>((resolve, reject) => {
        execFile('curl', args, { maxBuffer: MiB }, (error, stdout) => {
          if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new Error('curl is not installed'));
          resolve(stdout);
        });
      }).catch((error: Error) => {
        if (error.message === 'curl is not installed') this.skip();
        throw error;
      });
      const lines = output.trimEnd().split('\n');
      expectTooLarge({ status: Number(lines.at(-1)), body: JSON.parse(lines.slice(0, -1).join('\n')) as Answer['body'] });
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('reads and drops the rest of a body within the bound: a client that reads only once it has sent all 3 MiB gets the 413, and its next request on the same connection is served', async () => {
    const { contentType, body } = uploadBody(3 * MiB);
    const url = new URL(server.url);
    const head = `POST /api/v1/assets HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${ADMIN}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const next = `GET /api/v1/system/health HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`;
    const replies = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      // Nothing is read until everything is written: the answer waits in the socket's buffer.
      socket.pause();
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(head);
      socket.write(body, () => {
        socket.resume();
        socket.write(next);
      });
    });
    const [first, second] = replies.split(/(?=HTTP\/1\.1 )/);
    expectTooLarge({ status: Number(first.split(' ')[1]), body: JSON.parse(first.slice(first.indexOf('\r\n\r\n') + 4)) as Answer['body'] });
    expect(second, replies).to.match(/^HTTP\/1\.1 200 /);
  });

  it('answers a raw client that keeps sending 256 MiB after the answer, then closes having read a bounded amount', async () => {
    const { contentType, body: whole } = uploadBody(1);
    const head = whole.subarray(0, whole.indexOf('a'));
    const total = 256 * MiB;
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const result = await new Promise<{ answer: Answer; written: number }>((resolve, reject) => {
      // A keep-alive connection, as browsers and curl use: one that the client asks to close is closed by Node right after the answer.
      const agent = new http.Agent({ keepAlive: true });
      const req = http.request(`${server.url}/api/v1/assets`, {
        method: 'POST',
        agent,
        headers: { Authorization: ADMIN, 'Content-Type': contentType, 'Content-Length': String(total) },
      });
      let written = 0;
      let answer: Answer | undefined;
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => (answer = { status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
      });
      // Once the server has read what it will, it closes: the writes still going may fail.
      req.on('error', () => undefined);
      // Settled when the connection itself closes, whichever end closes it.
      req.on('socket', (socket) => {
        socket.once('close', () => {
          agent.destroy();
          if (answer) resolve({ answer, written });
          else reject(new Error(`no answer before the connection closed, ${written} bytes written`));
        });
      });
      req.write(head);
      pump();
    });
    expectTooLarge(result.answer);
    // The server closed the connection long before the end of the body: what the client handed
    // over is what the server read, plus what the sockets of both ends buffer.
    expect(result.written).to.be.below(LIMIT + DISCARD_MAX_BYTES + 32 * MiB);
  });
});
