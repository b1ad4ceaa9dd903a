import http from 'node:http';
import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { operationFor } from '../audit/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { download, postParts, sha256, storedFiles, upload } from './helpers';
import { newBoundary, partHead } from './multipart';
import { JPEG, PDF, PNG, TEXT } from './samples';

/** POST /assets end to end: what is stored, what is answered, and what is refused as malformed. */
describe('uploading an asset', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  for (const [filename, content, type] of [
    ['pixel.png', PNG, 'image/png'],
    ['photo.jpeg', JPEG, 'image/jpeg'],
    ['report.pdf', PDF, 'application/pdf'],
    ['notes.txt', TEXT, 'text/plain'],
  ] as const) {
    it(`answers 201 with ${type} decided from the content of ${filename}, its size and sha256`, async () => {
      const data = expectSuccess(await upload(server, filename, content), 201).data as Record<string, unknown>;
      expect(data).to.have.all.keys('id', 'filename', 'contentType', 'size', 'sha256', 'createdAt', 'createdBy');
      expect(data).to.include({ filename, contentType: type, size: content.length, sha256: sha256(content), createdBy: 'user-admin' });
      const fetched = await download(server, `/api/v1/assets/${data.id as string}/content`, ADMIN);
      expect(fetched.status).to.equal(200);
      expect((fetched.body as Buffer).equals(content)).to.equal(true);
    });
  }

  it('keeps the type decided from the content, whatever type the client declared for the part', async () => {
    const res = await postParts(server, [{ name: 'file', filename: 'pixel', content: PNG, contentType: 'text/html' }]);
    expect(expectSuccess(res, 201).data).to.include({ contentType: 'image/png', filename: 'pixel' });
  });

  it('computes size and sha256 over a file streamed in many chunks', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024 + 17, 'chunked text, line after line\n');
    const data = expectSuccess(await upload(server, 'big.txt', content), 201).data as Record<string, unknown>;
    expect(data).to.include({ size: content.length, sha256: sha256(content) });
  });

  describe('the filename: kept as metadata, normalised, never a path', () => {
    const cases: [string, string, string][] = [
      ['a path climbing out', '../../etc/passwd', 'passwd'],
      ['a Windows path', 'C:\\Users\\me\\..\\secret.txt', 'secret.txt'],
      ['NUL', 'evil\u0000.txt', 'evil.txt'],
      ['control characters', 'line\r\nbreak\tand\u0007bell\u0085.txt', 'linebreakandbell.txt'],
      ['a right-to-left override', 'invoice\u202Etxt.fdp\u202C.txt', 'invoicetxt.fdp.txt'],
      ['the other bidi controls', 'a\u200Eb\u200Fc\u202Ad\u2066e\u2069f\u061C.txt', 'abcdef.txt'],
      ['surrounding spaces and trailing dots', '  spaced out . . ', 'spaced out'],
      ['nothing but a path', '../..', 'file'],
      ['nothing but controls', '\u0000\u202E\u0007', 'file'],
      ['decomposed accents (NFD)', 'cafe\u0301.txt', 'caf\u00e9.txt'],
    ];
    for (const [what, sent, kept] of cases) {
      it(`stores ${what} as ${JSON.stringify(kept)}`, async () => {
        expect(expectSuccess(await upload(server, sent, TEXT), 201).data).to.include({ filename: kept });
      });
    }

    it('cuts a very long name to 255 characters, keeping its extension', async () => {
      const data = expectSuccess(await upload(server, `${'長'.repeat(1000)}.txt`, TEXT), 201).data as { filename: string };
      expect(Array.from(data.filename)).to.have.length(255);
      expect(data.filename).to.equal(`${'長'.repeat(251)}.txt`);
    });

    it('stores the bytes under a generated key, never under the client’s name', async () => {
      const before = new Set(storedFiles(server));
      const data = expectSuccess(await upload(server, '../../../../tmp/owned.txt', TEXT), 201).data as { id: string };
      const added = storedFiles(server).filter((f) => !before.has(f));
      expect(added).to.have.length(1);
      expect(added[0]).to.match(/^[0-9a-f-]{36}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(added[0]).not.to.include('owned');
      expect(data.id).to.match(/^[0-9a-f-]{36}$/);
    });
  });

  describe('what is not one file part named file', () => {
    const expectNothingStored = (before: string[]) => expect(storedFiles(server)).to.deep.equal(before);

    it('answers 400 VALIDATION_FAILED_400 naming /body/file for a body without a file part', async () => {
      const before = storedFiles(server);
      const res = await postParts(server, [{ name: 'comment', content: 'no file here' }]);
      expect(detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file').message).to.include('comment');
      expectNothingStored(before);
    });

    it('answers 400 naming /body/file for an empty multipart body', async () => {
      const boundary = newBoundary();
      const res = await server
        .http()
        .post('/api/v1/assets')
        .set('Authorization', ADMIN)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(Buffer.from(`--${boundary}--\r\n`));
      detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file');
    });

    it('answers 400 naming /body/file for two file parts, and keeps neither', async () => {
      const before = storedFiles(server);
      const res = await postParts(server, [
        { name: 'file', filename: 'one.txt', content: TEXT },
        { name: 'file', filename: 'two.txt', content: TEXT },
      ]);
      detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file');
      expectNothingStored(before);
    });

    it('answers 400 naming /body/file for a file in another field', async () => {
      const res = await postParts(server, [{ name: 'upload', filename: 'a.txt', content: TEXT }]);
      expect(detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file').message).to.include('upload');
    });

    it('answers 400 naming /body/file for a field besides the file, and keeps nothing', async () => {
      const before = storedFiles(server);
      const res = await postParts(server, [
        { name: 'file', filename: 'a.txt', content: TEXT },
        { name: 'description', content: 'extra' },
      ]);
      detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file');
      expectNothingStored(before);
    });

    it('answers 400 naming /body/file for a JSON body', async () => {
      const res = await server.http().post('/api/v1/assets').set('Authorization', ADMIN).send({ file: 'aGVsbG8=' });
      expect(detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file').rule).to.equal('multipart');
    });

    it('answers 400 naming /body/file for a multipart body cut off before its end, and keeps nothing', async () => {
      const before = storedFiles(server);
      const boundary = newBoundary();
      const body = Buffer.concat([partHead(boundary, { name: 'file', filename: 'cut.txt' }), TEXT]);
      const res = await server
        .http()
        .post('/api/v1/assets')
        .set('Authorization', ADMIN)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(body);
      detailFor(expectError(res, 400, 'VALIDATION_FAILED_400'), '/body/file');
      expectNothingStored(before);
    });
  });

  it('leaves nothing in storage when the client goes away half-way through an upload', async () => {
    const before = storedFiles(server);
    const boundary = newBoundary();
    const url = new URL(`${server.url}/api/v1/assets`);
    const req = http.request(url, {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
    });
    req.on('error', () => undefined);
    req.write(partHead(boundary, { name: 'file', filename: 'gone.txt' }));
    req.write(Buffer.alloc(256 * 1024, 'x'));
    // The file has reached the store: a new object appears, being written.
    await waitFor(() => storedFiles(server).length > before.length);
    req.destroy();
    await waitFor(() => storedFiles(server).length === before.length);
    expect(storedFiles(server)).to.deep.equal(before);
    // The server is fine afterwards.
    expectSuccess(await upload(server, 'after.txt', TEXT), 201);
  });

  it('is described in /v3/api-docs as a multipart/form-data body with a file part', async () => {
    const res = await server.http().get('/v3/api-docs').set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    const post = JSON.parse(res.text).paths['/api/v1/assets'].post;
    expect(post.requestBody).to.deep.equal({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: post.requestBody.content['multipart/form-data'].schema.properties.file.description,
              },
            },
          },
        },
      },
    });
    expect(Object.keys(post.responses)).to.include.members(['201', '400', '401', '403', '413', '415']);
  });

  describe('listing, reading and deleting', () => {
    let png: string;
    let text: string;
    before(async () => {
      png = (expectSuccess(await upload(server, 'Listing Pixel.png', PNG), 201).data as { id: string }).id;
      text = (expectSuccess(await upload(server, 'listing notes.txt', TEXT), 201).data as { id: string }).id;
    });

    it('lists assets newest first, with page, pageSize and total', async () => {
      const data = expectSuccess(await server.http().get('/api/v1/assets').query({ pageSize: 2 }).set('Authorization', ADMIN)).data as {
        items: { id: string }[];
        total: number;
        page: number;
        pageSize: number;
      };
      expect(data.items.map((a) => a.id)).to.deep.equal([text, png]);
      expect(data).to.include({ page: 1, pageSize: 2 });
      expect(data.total).to.be.greaterThan(2);
    });

    it('filters by part of the filename, whatever its case, and by content type', async () => {
      const byName = expectSuccess(await server.http().get('/api/v1/assets').query({ filename: 'LISTING' }).set('Authorization', ADMIN)).data as {
        items: { id: string }[];
      };
      expect(byName.items.map((a) => a.id)).to.have.members([png, text]);
      const byType = expectSuccess(
        await server.http().get('/api/v1/assets').query({ filename: 'listing', contentType: 'image/png' }).set('Authorization', ADMIN),
      ).data as { items: { id: string }[] };
      expect(byType.items.map((a) => a.id)).to.deep.equal([png]);
    });

    it('treats % and _ in the filename filter as themselves', async () => {
      const data = expectSuccess(await server.http().get('/api/v1/assets').query({ filename: 'listing%' }).set('Authorization', ADMIN)).data as {
        total: number;
      };
      expect(data.total).to.equal(0);
    });

    it('sorts by size and filename, and refuses any other sort with 400 naming /query/sort', async () => {
      const bySize = expectSuccess(await server.http().get('/api/v1/assets').query({ filename: 'listing', sort: 'size,asc' }).set('Authorization', ADMIN))
        .data as { items: { size: number }[] };
      expect(bySize.items.map((a) => a.size)).to.deep.equal([PNG.length, TEXT.length].sort((a, b) => a - b));
      const byName = expectSuccess(await server.http().get('/api/v1/assets').query({ filename: 'listing', sort: 'filename,desc' }).set('Authorization', ADMIN))
        .data as { items: { id: string }[] };
      expect(byName.items.map((a) => a.id)).to.deep.equal([text, png]);
      detailFor(
        expectError(await server.http().get('/api/v1/assets').query({ sort: 'storageKey,asc' }).set('Authorization', ADMIN), 400, 'VALIDATION_FAILED_400'),
        '/query/sort',
      );
    });

    it('reads one asset', async () => {
      expect(expectSuccess(await server.http().get(`/api/v1/assets/${png}`).set('Authorization', ADMIN)).data).to.include({
        id: png,
        contentType: 'image/png',
        size: PNG.length,
      });
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an asset that does not exist', async () => {
      expectError(
        await server.http().get('/api/v1/assets/01890000-0000-7000-8000-000000000000').set('Authorization', ADMIN),
        404,
        'SYSTEM_RESOURCE_NOT_FOUND_404',
      );
    });

    it('records the upload and the delete in the audit log, with the asset as it was', async () => {
      const created = await upload(server, 'audited.txt', TEXT);
      const asset = expectSuccess(created, 201).data as { id: string };
      const deleted = await server.http().delete(`/api/v1/assets/${asset.id}`).set('Authorization', ADMIN);
      expectSuccess(deleted);
      const onCreate = await operationFor(server, created.body.traceId as string);
      expect(onCreate).to.include({ method: 'POST', path: '/api/v1/assets', status: 201, module_id: 'assets', permission: 'asset:asset:upload' });
      expect(onCreate.changes).to.deep.equal([{ resource: 'asset', id: asset.id, action: 'create', before: null, after: asset }]);
      const onDelete = await operationFor(server, deleted.body.traceId as string);
      expect(onDelete.changes).to.deep.equal([{ resource: 'asset', id: asset.id, action: 'delete', before: asset, after: null }]);
    });

    it('deletes the asset and its stored bytes', async () => {
      const data = expectSuccess(await upload(server, 'doomed.txt', TEXT), 201).data as { id: string };
      const withIt = storedFiles(server);
      expect(expectSuccess(await server.http().delete(`/api/v1/assets/${data.id}`).set('Authorization', ADMIN)).data).to.deep.equal({});
      expect(storedFiles(server)).to.have.length(withIt.length - 1);
      expect(withIt.filter((f) => !storedFiles(server).includes(f))).to.have.length(1);
      expectError(await server.http().get(`/api/v1/assets/${data.id}`).set('Authorization', ADMIN), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await server.http().get(`/api/v1/assets/${data.id}/content`).set('Authorization', ADMIN), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await server.http().delete(`/api/v1/assets/${data.id}`).set('Authorization', ADMIN), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
