/** Assertions and servers shared by the HTTP convention tests. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { fixture, startTestServer, type TestServer, type TestServerOptions } from '../support/server';

/** `{PREFIX}_{REASON}_{HTTP}` (contract 7.2). */
export const CODE_FORMAT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_([1-5][0-9]{2})$/;

/** A real kernel with the test-echo fixture loaded (and test-auth, unless told otherwise). */
export function startEchoServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ ...options, modulePaths: [fixture('test-echo'), ...(options.modulePaths ?? [])] });
}

/** The body parsed as JSON whatever content type it came with (supertest parses JSON only). */
export function jsonOf(res: Response): Record<string, unknown> {
  if (res.body && typeof res.body === 'object' && Object.keys(res.body as object).length > 0) return res.body as Record<string, unknown>;
  return JSON.parse(res.text) as Record<string, unknown>;
}

/** A success envelope, exactly: `{ code: "0", message, data, traceId }`. */
export function expectSuccess(res: Response, status = 200): Record<string, unknown> {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  const body = jsonOf(res);
  expect(body).to.have.all.keys('code', 'message', 'data', 'traceId');
  expect(body.code).to.equal('0');
  expect(body.message).to.be.a('string').that.is.not.empty;
  expect(body.data).to.be.an('object');
  expect(body.traceId).to.be.a('string').that.is.not.empty;
  return body;
}

export interface ErrorBody {
  code: string;
  message: string;
  details: { field?: string; rule?: string; message: string }[];
  traceId: string;
}

/**
 * An error envelope, exactly: `{ code, message, details[], traceId }`, whose code is the one
 * expected and ends with the response status.
 */
export function expectError(res: Response, status: number, code: string): ErrorBody {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  const body = jsonOf(res) as unknown as ErrorBody;
  expect(body).to.have.all.keys('code', 'message', 'details', 'traceId');
  expect(body.code).to.equal(code);
  expect(Number(CODE_FORMAT.exec(body.code)?.[1])).to.equal(res.status);
  expect(body.message).to.be.a('string').that.is.not.empty;
  expect(body.details).to.be.an('array');
  for (const detail of body.details) expect(detail.message).to.be.a('string').that.is.not.empty;
  expect(body.traceId).to.be.a('string').that.is.not.empty;
  return body;
}

/** The detail naming `field`, which must exist. */
export function detailFor(body: ErrorBody, field: string): { field?: string; rule?: string; message: string } {
  const detail = body.details.find((d) => d.field === field);
  expect(detail, `a detail naming ${field} in ${JSON.stringify(body.details)}`).to.not.equal(undefined);
  return detail!;
}

/** Waits until `found` returns a value (log lines are written when a response finishes). */
export async function eventually<T>(found: () => T | undefined | Promise<T | undefined>, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The kernel's own line for a finished request, once it is written. */
export function requestLine(server: TestServer, traceId: string): Promise<Record<string, unknown>> {
  return eventually(() => server.logs.find((l) => l.msg === 'request' && l.traceId === traceId));
}

/**
 * Collects a response body as bytes (supertest parses only JSON and text by default), or as
 * JSON when it is an error envelope.
 */
export function bytesOrJson(
  res: NodeJS.ReadableStream & { headers: Record<string, string | undefined> },
  done: (error: Error | null, body: unknown) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error: Error) => done(error, undefined));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    if (!/^application\/json/.test(res.headers['content-type'] ?? '')) return done(null, bytes);
    try {
      done(null, JSON.parse(bytes.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
