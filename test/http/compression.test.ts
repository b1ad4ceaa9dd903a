import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { upload } from '../assets/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, compressed or not. */
  body: Buffer;
}

/** A GET that reads the bytes as sent (supertest and fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Answers of 1 KB and more go compressed to clients that accept it — the catalog, the API's
 * lists, the console's scripts — and exactly as before to a client that does not ask.
 */
describe('HTTP compression', () => {
  let server: TestServer;
  let consoleDir: string;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

  before(async () => {
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-console-'));
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(consoleDir, 'assets', 'index-Ab12Cd.js'), script);
    server = await startTestServer({ config: { consoleDir } });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it('sends the catalog gzipped to a client that accepts gzip: the same document in a tenth of the bytes', async () => {
    const plain = await rawGet(`${server.url}/v3/api-docs`, { Authorization: ADMIN });
    const zipped = await rawGet(`${server.url}/v3/api-docs`, { Authorization: ADMIN, 'Accept-Encoding': 'gzip' });
    expect(zipped.status).to.equal(200);
    expect(zipped.headers['content-encoding']).to.equal('gzip');
    expect(zipped.headers.vary).to.match(/Accept-Encoding/i);
    expect(zlib.gunzipSync(zipped.body).equals(plain.body)).to.equal(true);
    expect(zipped.body.length).to.be.below(plain.body.length / 10);
  });

  it('prefers brotli when the client accepts it, as browsers do', async () => {
    const res = await rawGet(`${server.url}/v3/api-docs`, { Authorization: ADMIN, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).to.equal('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString('utf8'))).to.have.property('openapi', '3.1.0');
  });

  it('compresses a list of the API and the console’s scripts too', async () => {
    const list = await rawGet(`${server.url}/api/v1/system/permissions?pageSize=100`, { Authorization: ADMIN, 'Accept-Encoding': 'gzip' });
    expect(list.headers['content-encoding']).to.equal('gzip');
    expect(JSON.parse(zlib.gunzipSync(list.body).toString('utf8')).data.items).to.have.length.above(10);
    const asset = await rawGet(`${server.url}/assets/index-Ab12Cd.js`, { 'Accept-Encoding': 'gzip' });
    expect(asset.headers['content-encoding']).to.equal('gzip');
    expect(zlib.gunzipSync(asset.body).toString('utf8')).to.equal(script);
  });

  it('sends an asset’s bytes as stored, with their length, whatever the client accepts', async () => {
    const text = 'a line of plain text that compresses very well\n'.repeat(200);
    const created = await upload(server, 'notes.txt', text);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const res = await rawGet(`${server.url}/api/v1/assets/${created.body.data.id}/content`, { Authorization: ADMIN, 'Accept-Encoding': 'gzip, br' });
    expect(res.status).to.equal(200);
    expect(res.headers).to.not.have.property('content-encoding');
    expect(res.headers['content-length']).to.equal(String(Buffer.byteLength(text)));
    expect(res.body.toString('utf8')).to.equal(text);
  });

  it('sends an answer under 1 KB as it is, and everything as it is to a client that does not ask', async () => {
    const small = await rawGet(`${server.url}/api/v1/system/health`, { 'Accept-Encoding': 'gzip' });
    expect(small.headers).to.not.have.property('content-encoding');
    expect(JSON.parse(small.body.toString('utf8')).data).to.be.an('object');
    const plain = await rawGet(`${server.url}/v3/api-docs`, { Authorization: ADMIN });
    expect(plain.headers).to.not.have.property('content-encoding');
    expect(JSON.parse(plain.body.toString('utf8'))).to.have.property('openapi', '3.1.0');
  });
});
