import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { crudTemplate } from '../../modules/generator/templates/crud';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { NO_SUCH } from './helpers';
import {
  BOOKS_TABLE,
  HOSTILE,
  LEDGER_TABLE,
  ODD_TABLE,
  ODD_TABLE_NAME,
  SENTINEL,
  TAGS_TABLE,
  booksPlan,
  ledgerPlan,
  oddPlan,
  tagsPlan,
} from './template-plans';
import { quoted, writeModule } from './template-support';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Modules the crud template wrote, loaded into a running kernel and driven over HTTP. */
describe("the generator's crud template: generated modules, loaded into a running kernel", () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-generated-')));
    server = await startTestServer();
    const sql = (text: string) => server.sql(text);
    for (const table of [BOOKS_TABLE, TAGS_TABLE, ODD_TABLE, LEDGER_TABLE]) await sql(table);
    expectSuccess(await post('/api/v1/dictionaries', { code: 'book_genre', name: 'Genres' }), 201);
    for (const value of ['novel', 'poetry']) expectSuccess(await post('/api/v1/dictionaries/book_genre/items', { label: value, value }), 201);
    for (const p of [booksPlan(), tagsPlan(), oddPlan(), ledgerPlan()]) await server.kernel.loadModule(writeModule(root, p.moduleId, crudTemplate.render(p)));
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const http = () => server.http();
  function post(url: string, body: object, token = ADMIN) {
    return http().post(url).set('Authorization', token).send(body);
  }
  const get = (url: string, query: Record<string, unknown> = {}, token = ADMIN) => http().get(url).query(query).set('Authorization', token);
  const put = (url: string, body: object, token = ADMIN) => http().put(url).set('Authorization', token).send(body);
  const del = (url: string, query: Record<string, unknown> = {}, token = ADMIN) => http().delete(url).query(query).set('Authorization', token);

  /** `/v3/api-docs` answers the document itself, without the envelope. */
  const apiDocs = async (): Promise<Record<string, unknown>> => {
    const res = await get('/v3/api-docs');
    expect(res.status, res.text).to.equal(200);
    return res.body as Record<string, unknown>;
  };

  const BOOKS = '/api/v1/library/books';
  type Book = Record<string, unknown> & { id: string; version: number };
  let isbns = 0;
  /** A book with a fresh ISBN (13 characters) and `fields`. */
  const addBook = async (fields: Record<string, unknown> = {}): Promise<Book> =>
    expectSuccess(await post(BOOKS, { title: 'A book', isbn: `978${String(++isbns).padStart(10, '0')}`, ...fields }), 201).data as Book;
  const titles = async (query: Record<string, unknown>) =>
    (expectSuccess(await get(BOOKS, { pageSize: 200, ...query })).data as { items: Book[] }).items.map((b) => b.title);

  describe('create, read, update, delete', () => {
    it('creates a record: 201 with a UUID v7 id, version 1, the database defaults and timestamps', async () => {
      const book = await addBook({ title: 'Dune', pages: 412 });
      expect(book.id).to.match(UUID_V7);
      expect(book).to.include({ title: 'Dune', pages: 412, price: 0, available: true, copies: 1, version: 1, genre: null, notes: null });
      expect(book.createdAt).to.equal(book.updatedAt);
      expect(new Date(book.createdAt as string).getTime()).to.be.closeTo(Date.now(), 60000);
      expect(expectSuccess(await get(`${BOOKS}/${book.id}`)).data).to.deep.equal(book);
    });

    it('keeps every type as the view says: numbers, strings of digits, dates, timestamps, booleans', async () => {
      const sent = {
        price: 12.5,
        publishedOn: '2024-02-29',
        publishedAt: '2024-01-02T03:04:05.678Z',
        available: false,
        weight: 0.1 + 0.2,
        rating: 4.5,
        copies: -3,
        stock: 9007199254740991,
        serialNo: '-123456789012345678',
        ratio: '3.14159265358979',
        notes: 'multi\nline',
      };
      const book = await addBook(sent);
      expect(book).to.include(sent);
      expect(expectSuccess(await get(`${BOOKS}/${book.id}`)).data).to.deep.equal(book);
      // The list reads rows, not entities: numeric and int8 values reach it as strings.
      expect((expectSuccess(await get(BOOKS, { isbn: book.isbn })).data as { items: Book[] }).items).to.deep.equal([book]);
    });

    it('changes the fields sent, keeps the others, moves the version and the update time on', async () => {
      const book = await addBook({ notes: 'first', pages: 10 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const changed = expectSuccess(await put(`${BOOKS}/${book.id}`, { notes: null, price: 3.25, version: 1 })).data as Book;
      expect(changed).to.include({ notes: null, price: 3.25, pages: 10, title: 'A book', version: 2, createdAt: book.createdAt });
      expect(changed.updatedAt).to.not.equal(book.updatedAt);
      expect(expectSuccess(await get(`${BOOKS}/${book.id}`)).data).to.deep.equal(changed);
    });

    it('deletes: 200 with {}, then the record is gone', async () => {
      const book = await addBook();
      expect(expectSuccess(await del(`${BOOKS}/${book.id}`, { version: 1 })).data).to.deep.equal({});
      expectError(await get(`${BOOKS}/${book.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a record that does not exist', async () => {
      expectError(await get(`${BOOKS}/${NO_SUCH}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await put(`${BOOKS}/${NO_SUCH}`, { title: 'x', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await del(`${BOOKS}/${NO_SUCH}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('refuses what the columns cannot hold: 400 naming the field', async () => {
      detailFor(expectError(await post(BOOKS, { isbn: '9780000000000' }), 400, 'VALIDATION_FAILED_400'), '/body/title');
      detailFor(expectError(await post(BOOKS, { title: 'x'.repeat(201), isbn: '9780000000000' }), 400, 'VALIDATION_FAILED_400'), '/body/title');
      detailFor(expectError(await post(BOOKS, { title: 'x', isbn: '9780000000000', shelf: 3 }), 400, 'VALIDATION_FAILED_400'), '/body/shelf');
      detailFor(expectError(await post(BOOKS, { title: 'x', isbn: '9780000000000', copies: 40000 }), 400, 'VALIDATION_FAILED_400'), '/body/copies');
      detailFor(expectError(await post(BOOKS, { title: 'x', isbn: '9780000000000', price: 1e8 }), 400, 'VALIDATION_FAILED_400'), '/body/price');
      detailFor(
        expectError(await post(BOOKS, { title: 'x', isbn: '9780000000000', publishedOn: '2023-02-29' }), 400, 'VALIDATION_FAILED_400'),
        '/body/publishedOn',
      );
      detailFor(expectError(await post(BOOKS, { title: 'x', isbn: '9780000000000', version: 7 }), 400, 'VALIDATION_FAILED_400'), '/body/version');
      detailFor(expectError(await get(`${BOOKS}/42`), 400, 'VALIDATION_FAILED_400'), '/params/id');
    });
  });

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await http().get(BOOKS), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().post(BOOKS).send({ title: 'x', isbn: 'x' }), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
      const book = await addBook();
      const reader = tokenFor('reader', ['library:book:list', 'library:book:query']);
      expectSuccess(await get(BOOKS, {}, reader));
      expectSuccess(await get(`${BOOKS}/${book.id}`, {}, reader));
      expectError(await post(BOOKS, { title: 'x', isbn: '9780000000001' }, reader), 403, 'PERM_DENIED_403');
      expectError(await put(`${BOOKS}/${book.id}`, { title: 'x', version: 1 }, reader), 403, 'PERM_DENIED_403');
      expectError(await del(`${BOOKS}/${book.id}`, {}, reader), 403, 'PERM_DENIED_403');
      expectError(await get(BOOKS, {}, tokenFor('nobody', [])), 403, 'PERM_DENIED_403');
    });
  });

  describe('optimistic locking', () => {
    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version, and keeps the record', async () => {
      const book = await addBook({ title: 'Locked' });
      expectSuccess(await put(`${BOOKS}/${book.id}`, { title: 'Locked 2', version: 1 }));
      detailFor(expectError(await put(`${BOOKS}/${book.id}`, { title: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await put(`${BOOKS}/${book.id}`, { title: 'No version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
      detailFor(expectError(await del(`${BOOKS}/${book.id}`, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expect(expectSuccess(await get(`${BOOKS}/${book.id}`)).data).to.include({ title: 'Locked 2', version: 2 });
    });
  });

  describe('the list', () => {
    before(async () => {
      // Apart in time, so newest first is one order.
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      await addBook({ title: 'List: Alpha 100%', pages: 100, price: 10, genre: 'novel', publishedOn: '2020-01-01', available: false });
      await pause();
      await addBook({ title: 'List: alpha_beta', pages: 200, price: 20, genre: 'poetry', publishedOn: '2021-06-15' });
      await pause();
      await addBook({ title: 'List: Gamma', pages: 300, price: 30, genre: 'novel', publishedOn: '2022-12-31' });
    });

    it('answers a page with items, page, pageSize and total, newest first by default', async () => {
      const page = expectSuccess(await get(BOOKS, { title: 'List:', pageSize: 2 })).data as { items: Book[]; page: number; pageSize: number; total: number };
      expect(page).to.include({ page: 1, pageSize: 2, total: 3 });
      expect(page.items.map((b) => b.title)).to.deep.equal(['List: Gamma', 'List: alpha_beta']);
      expect(Object.keys(page.items[0])).to.include.members(['id', 'notes', 'version', 'createdAt', 'updatedAt']);
      const second = expectSuccess(await get(BOOKS, { title: 'List:', pageSize: 2, page: 2 })).data as { items: Book[] };
      expect(second.items.map((b) => b.title)).to.deep.equal(['List: Alpha 100%']);
      expect(expectSuccess(await get(BOOKS, { title: 'List:', pageSize: 2, page: 9 })).data).to.deep.equal({ items: [], page: 9, pageSize: 2, total: 3 });
    });

    it('refuses a page size over 200 and a page under 1', async () => {
      detailFor(expectError(await get(BOOKS, { pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
      detailFor(expectError(await get(BOOKS, { page: 0 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
    });

    it('sorts by the list columns only', async () => {
      expect(await titles({ title: 'List:', sort: 'pages,desc' })).to.deep.equal(['List: Gamma', 'List: alpha_beta', 'List: Alpha 100%']);
      expect(await titles({ title: 'List:', sort: ['genre,asc', 'price,desc'] })).to.deep.equal(['List: Gamma', 'List: Alpha 100%', 'List: alpha_beta']);
      const refused = detailFor(expectError(await get(BOOKS, { sort: 'notes,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      expect(refused.rule).to.equal('whitelist');
    });

    it('filters with each operator: like (any case, wildcards as text), eq, gt, lt, between (inclusive)', async () => {
      expect(await titles({ title: 'list: ALPHA' })).to.have.members(['List: Alpha 100%', 'List: alpha_beta']);
      expect(await titles({ title: '100%' })).to.deep.equal(['List: Alpha 100%']);
      expect(await titles({ title: 'a_b' })).to.deep.equal(['List: alpha_beta']);
      expect(await titles({ title: 'a_p' })).to.deep.equal([]);
      expect(await titles({ title: 'a%b' })).to.deep.equal([]);
      expect(await titles({ title: 'List:', genre: 'novel' })).to.have.members(['List: Alpha 100%', 'List: Gamma']);
      expect(await titles({ title: 'List:', available: false })).to.deep.equal(['List: Alpha 100%']);
      expect(await titles({ title: 'List:', price: 20 })).to.deep.equal(['List: Gamma']);
      expect(await titles({ title: 'List:', publishedOn: '2021-06-15' })).to.deep.equal(['List: Alpha 100%']);
      expect(await titles({ title: 'List:', pagesFrom: 100, pagesTo: 200 })).to.have.members(['List: Alpha 100%', 'List: alpha_beta']);
      expect(await titles({ title: 'List:', pagesFrom: 200 })).to.have.members(['List: alpha_beta', 'List: Gamma']);
      detailFor(expectError(await get(BOOKS, { pagesFrom: 'many' }), 400, 'VALIDATION_FAILED_400'), '/query/pagesFrom');
    });
  });

  describe('rules from the table and the plan', () => {
    it('holds a dictionary-bound field to the values of its dictionary’s items', async () => {
      const refused = detailFor(
        expectError(await post(BOOKS, { title: 'x', isbn: '9781111111111', genre: 'essay' }), 400, 'VALIDATION_FAILED_400'),
        '/body/genre',
      );
      expect(refused.rule).to.equal('dictionary');
      const book = await addBook({ genre: 'poetry' });
      detailFor(expectError(await put(`${BOOKS}/${book.id}`, { genre: 'essay', version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/genre');
      expect(expectSuccess(await put(`${BOOKS}/${book.id}`, { genre: null, version: 1 })).data).to.include({ genre: null });
    });

    it('answers 409 SYSTEM_BOOK_DUPLICATED_409 for a value a unique index already holds, on create and update', async () => {
      const first = await addBook();
      detailFor(expectError(await post(BOOKS, { title: 'x', isbn: first.isbn }), 409, 'SYSTEM_BOOK_DUPLICATED_409'), '/body/isbn');
      const second = await addBook();
      expectError(await put(`${BOOKS}/${second.id}`, { isbn: first.isbn, version: 1 }), 409, 'SYSTEM_BOOK_DUPLICATED_409');
    });

    it('takes the id from a create when nothing generates it, and answers 409 for a taken one', async () => {
      const tag = expectSuccess(await post('/api/v1/catalog/tags', { code: 'sci-fi', name: 'Science fiction' }), 201).data;
      expect(tag).to.deep.equal({ code: 'sci-fi', name: 'Science fiction' });
      expect(expectSuccess(await get('/api/v1/catalog/tags/sci-fi')).data).to.deep.equal(tag);
      detailFor(expectError(await post('/api/v1/catalog/tags', { code: 'sci-fi', name: 'Again' }), 409, 'SYSTEM_CATALOG_TAG_DUPLICATED_409'), '/body/code');
      expect(expectSuccess(await put('/api/v1/catalog/tags/sci-fi', { name: 'SF' })).data).to.deep.equal({ code: 'sci-fi', name: 'SF' });
      expectSuccess(await del('/api/v1/catalog/tags/sci-fi'));
      expectError(await get('/api/v1/catalog/tags/sci-fi'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('serves a bigserial id, a timestamp without time zone and a column named like the list’s total', async () => {
      const LEDGER = '/api/v1/ledger/entries';
      const first = expectSuccess(await post(LEDGER, { total: 12.5, memo: 'coffee' }), 201).data as { id: string; bookedAt: string; version: number };
      expect(first).to.include({ total: 12.5, memo: 'coffee', version: 1 });
      // Identifiers are strings, a database-numbered one too.
      expect(first.id)
        .to.be.a('string')
        .that.matches(/^[1-9][0-9]*$/);
      expect(new Date(first.bookedAt).getTime()).to.be.closeTo(Date.now(), 60000);
      expect(expectSuccess(await post(LEDGER, {}), 201).data).to.include({ total: null, memo: null });
      expect(expectSuccess(await put(`${LEDGER}/${first.id}`, { total: 99.99, version: 1 })).data).to.include({ total: 99.99, version: 2 });
      const page = expectSuccess(await get(LEDGER, { sort: 'total,desc', totalFrom: 0 })).data as { items: { total: number }[]; total: number };
      expect(page.total).to.equal(1);
      expect(page.items.map((e) => e.total)).to.deep.equal([99.99]);
      const all = expectSuccess(await get(LEDGER, { sort: 'total,asc' })).data as { items: { total: number | null }[]; total: number };
      expect(all).to.deep.include({ total: 2 });
      expect(all.items.map((e) => e.total)).to.deep.equal([99.99, null]);
    });

    it('records each change in the audit log, with the record before and after', async () => {
      const created = await post(BOOKS, { title: 'Audited', isbn: '9782222222222' });
      const book = expectSuccess(created, 201).data as Book;
      const traceId = created.body.traceId as string;
      const operation = await eventually(async () => {
        const items = (expectSuccess(await get('/api/v1/audit/operations', { traceId })).data as { items: { id: string }[] }).items;
        return items[0];
      });
      const detail = expectSuccess(await get(`/api/v1/audit/operations/${operation.id}`)).data as { moduleId: string; changes: Record<string, unknown>[] };
      expect(detail.moduleId).to.equal('library-books');
      expect(detail.changes).to.have.length(1);
      expect(detail.changes[0]).to.deep.include({ resource: 'book', id: book.id, action: 'create' });
      expect(detail.changes[0].after).to.include({ title: 'Audited', isbn: '9782222222222' });
    });
  });

  describe('the API catalog', () => {
    it('lists the generated routes in /v3/api-docs with their permissions, labels and comments', async () => {
      const doc = await apiDocs();
      const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
      expect(paths[BOOKS]).to.have.all.keys('get', 'post');
      expect(paths[`${BOOKS}/{id}`]).to.have.all.keys('get', 'put', 'delete');
      expect(paths[BOOKS].get['x-permission']).to.equal('library:book:list');
      // The create body is a named schema: the operation refers to its component.
      const { $ref } = (paths[BOOKS].post.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content['application/json'].schema;
      expect($ref).to.equal('#/components/schemas/BookCreate');
      const body = (doc.components as { schemas: Record<string, { properties: Record<string, { description?: string }>; required: string[] }> }).schemas
        .BookCreate;
      expect(body.properties.title.description).to.equal('Title: As printed on the cover');
      expect(body.required).to.deep.equal(['title', 'isbn']);
      const filters = (paths[BOOKS].get.parameters as { name: string }[]).map((p) => p.name);
      expect(filters).to.include.members(['page', 'pageSize', 'sort', 'title', 'isbn', 'pagesFrom', 'pagesTo', 'price', 'genre', 'publishedOn', 'available']);
    });
  });

  describe('hostile text and names that need quoting', () => {
    const ODD = '/api/v1/odd/things';

    it('loads and serves a table whose names need quoting, with hostile names, labels and comments', async () => {
      const created = expectSuccess(await post(ODD, { weird: HOSTILE.quote, closer: 7, templated: '`${x}`\u2028' }), 201).data as { id: string };
      expect(created).to.deep.equal({ id: created.id, weird: HOSTILE.quote, closer: 7, templated: '`${x}`\u2028' });
      expect(created.id)
        .to.be.a('string')
        .that.matches(/^[1-9][0-9]*$/);
      expect(expectSuccess(await put(`${ODD}/${created.id}`, { closer: null })).data).to.include({ closer: null });
      expect((expectSuccess(await get(ODD, { weird: "'); require", sort: 'closer,desc' })).data as { total: number }).total).to.equal(1);
      expect((expectSuccess(await get(ODD, { closer: 7 })).data as { total: number }).total).to.equal(0);
      expectSuccess(await del(`${ODD}/${created.id}`));
      const rows = await server.kernel.db.orm.em
        .fork()
        .getConnection()
        .execute(`select count(*)::int as n from ${quoted(ODD_TABLE_NAME)}`);
      expect(rows).to.deep.equal([{ n: 0 }]);
    });

    it('shows labels, comments and the module name verbatim in the API, and never runs them', async () => {
      const odd = oddPlan();
      const doc = await apiDocs();
      const operation = (doc.paths as Record<string, Record<string, { requestBody: { content: Record<string, { schema: { $ref: string } }> } }>>)[ODD].post;
      // The create body is a named schema: its component holds the fields.
      const name = operation.requestBody.content['application/json'].schema.$ref.split('/').pop()!;
      const { properties } = (doc.components as { schemas: Record<string, { properties: Record<string, { description?: string }> }> }).schemas[name];
      expect(properties.weird.description).to.equal(`${HOSTILE.quote}: ${Object.values(HOSTILE).join(' | ')}`);
      expect(properties.closer.description).to.equal(`${HOSTILE.template}: ${HOSTILE.lineComment}`);
      expect(properties.templated.description).to.equal(`${HOSTILE.separator}: ${HOSTILE.openapi}`);
      expect(JSON.stringify(doc)).to.not.include('injected"');
      expect((expectSuccess(await get('/api/v1/system/modules/odd-things')).data as { name: string }).name).to.equal(odd.moduleName);
      expect(fs.existsSync(SENTINEL)).to.equal(false);
    });

    it('escapes them in the README: no markup, no line of their own', () => {
      const readme = fs.readFileSync(path.join(root, 'odd-things', 'README.md'), 'utf8');
      expect(readme).to.not.include('</script>');
      expect(readme).to.not.match(/^\/\/ /m);
      expect(readme).to.include('Odd Table \\*/ \\`$\\{exit\\(1\\)\\}\\`   \\</script\\>');
      expect(readme).to.include('Weird "col"');
    });
  });
});
