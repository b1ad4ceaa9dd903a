import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
import type { TestDatabase } from '../support/database';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import {
  NO_SUCH,
  availableNames,
  filesUnder,
  generated,
  generatedModulesDir,
  generatorApi,
  imported,
  itemsOf,
  leftovers,
  sql,
  updated,
  type Generated,
  type GeneratorApi,
  type TableView,
} from './helpers';

interface Book {
  id: string;
  title: string;
  pages: number | null;
  copies: number;
  inPrint: boolean;
  summary: string | null;
  genre: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  isbn: string | null;
}

const MODULE_ID = 'g6gen-book';
const BASE = '/api/v1/library/gen-books';
const PREFIX = 'g6gen-book:book';
const DUPLICATED = 'SYSTEM_GEN_BOOK_DUPLICATED_409';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A module generated from a table, driven over HTTP like the built-in modules' tests drive
 * theirs: it follows every convention, is replaced in place when generated again, and is
 * loaded again at the next boot.
 */
describe('generator: a generated module', () => {
  let server: TestServer;
  let database: TestDatabase;
  let api: GeneratorApi;
  let table: TableView;
  let first: Generated;
  let restarted = false;
  let rebooted = false;

  before(async () => {
    server = await startTestServer();
    database = server.database;
    api = generatorApi(server);
    await sql(
      server,
      `create table g6gen_book (
      id uuid primary key,
      title varchar(120) not null,
      pages int,
      copies int not null default 0,
      in_print boolean not null default true,
      summary text,
      genre varchar(20),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version int not null default 1,
      isbn varchar(20)
    )`,
    );
    await sql(server, 'create unique index g6gen_book_isbn_key on g6gen_book (isbn)');
    const admin = (url: string, body: Record<string, unknown>) => server.http().post(url).set('Authorization', ADMIN).send(body);
    expectSuccess(await admin('/api/v1/dictionaries', { code: 'g6gen_genre', name: 'Genres' }), 201);
    for (const [label, value] of [
      ['Novel', 'novel'],
      ['Essay', 'essay'],
    ])
      expectSuccess(await admin('/api/v1/dictionaries/g6gen_genre/items', { label, value }), 201);

    table = await imported(api, 'g6gen_book');
    expect(table.moduleId).to.equal(MODULE_ID);
    table = await updated(api, table, {
      className: 'GenBook',
      moduleName: 'Generated books',
      resourcePath: '/library/gen-books',
      columns: [
        { columnName: 'title', label: 'Book title' },
        { columnName: 'pages', query: true, queryOp: 'gt' },
        { columnName: 'copies', query: true, queryOp: 'lt' },
        { columnName: 'summary', query: false },
        { columnName: 'genre', dictCode: 'g6gen_genre', query: true, queryOp: 'eq' },
      ],
    });
  });
  after(async () => {
    if (!restarted) return server?.stop();
    // The restarted server shares the database, so stopping it leaves the database: drop it here.
    try {
      if (rebooted) await server.stop();
    } finally {
      await database.cleanup();
    }
  });

  const http = () => server.http();
  const list = (query: Record<string, unknown> = {}, token = ADMIN) => http().get(BASE).query(query).set('Authorization', token);
  const read = (id: string, token = ADMIN) => http().get(`${BASE}/${id}`).set('Authorization', token);
  const create = (body: Record<string, unknown>, token = ADMIN) => http().post(BASE).set('Authorization', token).send(body);
  const update = (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`${BASE}/${id}`).set('Authorization', token).send(body);
  const remove = (id: string, query: Record<string, unknown> = {}, token = ADMIN) => http().delete(`${BASE}/${id}`).query(query).set('Authorization', token);
  const add = async (body: Record<string, unknown>): Promise<Book> => expectSuccess(await create(body), 201).data as Book;
  const titles = async (query: Record<string, unknown>) => itemsOf<Book>(await list({ sort: 'title,asc', ...query })).map((b) => b.title);
  const apiDocsText = async () => (await http().get('/v3/api-docs').set('Authorization', ADMIN)).text;
  const moduleDir = () => path.join(generatedModulesDir(server), MODULE_ID);

  describe('generation', () => {
    it('writes the module into <DATA_DIR>/generated-modules/<moduleId> and answers the files it wrote', async () => {
      first = await generated(api, table.id);
      expect(first).to.include({ moduleId: MODULE_ID, replaced: false });
      expect([...first.files].sort()).to.deep.equal(filesUnder(moduleDir()));
      expect(first.files).to.include.members(['manifest.json', 'index.ts', 'README.md']);
      expect(first.table).to.include({ id: table.id, moduleId: MODULE_ID, className: 'GenBook' });
      expect(first.table.generatedAt).to.be.a('string');
      expect(expectSuccess(await api.read(table.id)).data).to.deep.equal(first.table);
      const manifest = JSON.parse(fs.readFileSync(path.join(moduleDir(), 'manifest.json'), 'utf8')) as {
        id: string;
        dependsOn?: string[];
        generation: Record<string, string>;
      };
      expect(manifest.id).to.equal(MODULE_ID);
      expect(manifest.generation).to.include({ templateId: 'crud', sourceTable: 'g6gen_book', className: 'GenBook', resourcePath: '/library/gen-books' });
      expect(manifest.dependsOn).to.deep.equal(['dictionaries']);
      expect(leftovers(server)).to.deep.equal([]);
    });

    it('loads it live: the kernel lists it as a generated module, enabled', async () => {
      const summary = expectSuccess(await http().get(`/api/v1/system/modules/${MODULE_ID}`).set('Authorization', ADMIN)).data as Record<string, unknown>;
      expect(summary).to.include({ id: MODULE_ID, name: 'Generated books', status: 'enabled', builtin: false });
      expect(summary.generation).to.include({ templateId: 'crud', sourceTable: 'g6gen_book', className: 'GenBook' });
    });

    it('takes the table out of the available ones: the module owns it now', async () => {
      expect(await availableNames(api, { keyword: 'g6gen' })).to.deep.equal([]);
    });
  });

  describe('CRUD', () => {
    let book: Book;

    it('creates: 201 with an id, the defaults of the table, timestamps and version 1', async () => {
      book = await add({ title: 'Crud book', pages: 10, isbn: 'crud-1', genre: 'novel' });
      expect(book).to.include({ title: 'Crud book', pages: 10, copies: 0, inPrint: true, summary: null, genre: 'novel', isbn: 'crud-1', version: 1 });
      expect(book.id).to.match(UUID);
      expect(new Date(book.createdAt).toISOString()).to.equal(book.createdAt);
      expect(book.updatedAt).to.be.a('string');
      expect(Object.keys(book).sort()).to.deep.equal([
        'copies',
        'createdAt',
        'genre',
        'id',
        'inPrint',
        'isbn',
        'pages',
        'summary',
        'title',
        'updatedAt',
        'version',
      ]);
      expect(expectSuccess(await read(book.id)).data).to.deep.equal(book);
    });

    it('changes the fields sent, keeps the others and moves the version on', async () => {
      const changed = expectSuccess(await update(book.id, { title: 'Crud book, revised', summary: 'Longer text', version: 1 })).data as Book;
      expect(changed).to.deep.include({ ...book, title: 'Crud book, revised', summary: 'Longer text', version: 2, updatedAt: changed.updatedAt });
      expect(new Date(changed.updatedAt).getTime()).to.be.at.least(new Date(book.updatedAt).getTime());
      book = changed;
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version and keeps the record; 400 without a version', async () => {
      detailFor(expectError(await update(book.id, { title: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      expect(expectSuccess(await read(book.id)).data).to.deep.equal(book);
      detailFor(expectError(await update(book.id, { title: 'No version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
    });

    it('refuses a missing or too long required field, an undeclared one, the fields the module sets, a wrong type and a value off the dictionary', async () => {
      detailFor(expectError(await create({ pages: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/title');
      detailFor(expectError(await create({ title: 'x'.repeat(121) }), 400, 'VALIDATION_FAILED_400'), '/body/title');
      detailFor(expectError(await create({ title: 'X', color: 'red' }), 400, 'VALIDATION_FAILED_400'), '/body/color');
      detailFor(expectError(await create({ title: 'X', id: NO_SUCH }), 400, 'VALIDATION_FAILED_400'), '/body/id');
      detailFor(expectError(await create({ title: 'X', version: 3 }), 400, 'VALIDATION_FAILED_400'), '/body/version');
      detailFor(expectError(await create({ title: 'X', createdAt: new Date().toISOString() }), 400, 'VALIDATION_FAILED_400'), '/body/createdAt');
      detailFor(expectError(await create({ title: 'X', pages: 'many' }), 400, 'VALIDATION_FAILED_400'), '/body/pages');
      detailFor(expectError(await create({ title: 'X', isbn: 'x'.repeat(21) }), 400, 'VALIDATION_FAILED_400'), '/body/isbn');
      const off = detailFor(expectError(await create({ title: 'X', genre: 'poem' }), 400, 'VALIDATION_FAILED_400'), '/body/genre');
      expect(off.rule).to.equal('dictionary');
      detailFor(expectError(await update(book.id, { genre: 'Novel', version: book.version }), 400, 'VALIDATION_FAILED_400'), '/body/genre');
      expect(await titles({ title: 'X' })).to.deep.equal([]);
    });

    it('answers its catalogued 409 for a value a unique index already holds, on create and on update', async () => {
      detailFor(expectError(await create({ title: 'Copy', isbn: 'crud-1' }), 409, DUPLICATED), '/body/isbn');
      const other = await add({ title: 'Other', isbn: 'crud-2' });
      detailFor(expectError(await update(other.id, { isbn: 'crud-1', version: 1 }), 409, DUPLICATED), '/body/isbn');
      expectSuccess(await remove(other.id));
      const codes = itemsOf<{ code: string; status: number; messages: { en: string; zh: string } }>(
        await http().get('/api/v1/system/error-codes').query({ owner: MODULE_ID }),
      );
      const entry = codes.find((c) => c.code === DUPLICATED);
      expect(entry).to.include({ status: 409 });
      expect(entry!.messages.en).to.be.a('string').that.is.not.empty;
      expect(entry!.messages.zh).to.be.a('string').that.is.not.empty;
    });

    it('deletes: a stale version is 409, then 200 with {}, then 404', async () => {
      detailFor(expectError(await remove(book.id, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expect(expectSuccess(await remove(book.id, { version: book.version })).data).to.deep.equal({});
      detailFor(expectError(await read(book.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      expectError(await update(book.id, { title: 'Gone', version: 2 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await remove(book.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      detailFor(expectError(await read('not-a-uuid'), 400, 'VALIDATION_FAILED_400'), '/params/id');
    });

    it('records each change in the audit log: the operation, its permission, the record before and after', async () => {
      type Change = { id: string; action: string; before: Book | null; after: Book | null };
      type Operation = { id: string; method: string; status: number; permission: string; changes: Change[] };
      const changed = await eventually(async () => {
        const items = itemsOf<Operation>(
          await http().get('/api/v1/audit/operations').query({ moduleId: MODULE_ID, pageSize: 200 }).set('Authorization', ADMIN),
        );
        const done = items.filter((o) => o.status === 200 || o.status === 201);
        const withChanges: Operation[] = [];
        for (const o of done)
          withChanges.push(expectSuccess(await http().get(`/api/v1/audit/operations/${o.id}`).set('Authorization', ADMIN)).data as Operation);
        const find = (action: string, test: (c: Change) => boolean) => withChanges.find((o) => (o.changes ?? []).some((c) => c.action === action && test(c)));
        const created = find('create', (c) => c.after?.title === 'Crud book');
        const id = created?.changes[0].id;
        const revised = find('update', (c) => c.id === id && c.after?.title === 'Crud book, revised');
        const deleted = find('delete', (c) => c.id === id);
        return created && revised && deleted ? { created, revised, deleted } : undefined;
      }, 5000);
      expect(changed.created).to.include({ method: 'POST', status: 201, permission: `${PREFIX}:add` });
      expect(changed.revised).to.include({ method: 'PUT', status: 200, permission: `${PREFIX}:edit` });
      expect(changed.deleted).to.include({ method: 'DELETE', status: 200, permission: `${PREFIX}:remove` });
      const creation = changed.created.changes[0];
      expect(creation.after).to.include({ title: 'Crud book', isbn: 'crud-1', genre: 'novel' });
      expect(creation.after!.id).to.equal(creation.id);
      const revision = changed.revised.changes.find((c) => c.action === 'update')!;
      expect(revision.before).to.include({ title: 'Crud book', summary: null });
      expect(revision.after).to.include({ title: 'Crud book, revised', summary: 'Longer text' });
      expect(changed.deleted.changes.find((c) => c.action === 'delete')!.before).to.include({ id: creation.id, isbn: 'crud-1' });
    });
  });

  describe('the list', () => {
    const made: Record<string, Book> = {};
    before(async () => {
      // A few milliseconds apart, so that each has its own createdAt.
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      made.alpha = await add({ title: 'Alpha Centauri', pages: 100, copies: 5, isbn: '111', genre: 'novel' });
      await pause();
      made.beta = await add({ title: 'Beta reader', pages: 250, copies: 0, inPrint: false, isbn: '222', genre: 'essay' });
      await pause();
      made.gamma = await add({ title: '100% Gamma', pages: 400, copies: 12, summary: 'Long' });
      await pause();
      made.delta = await add({ title: 'Delta', copies: 3 });
    });

    it('answers a page with items, page, pageSize and total, newest first by default', async () => {
      const data = expectSuccess(await list({ pageSize: 3 })).data as { items: Book[]; page: number; pageSize: number; total: number };
      expect(data).to.include({ page: 1, pageSize: 3, total: 4 });
      expect(data.items.map((b) => b.id)).to.deep.equal([made.delta.id, made.gamma.id, made.beta.id]);
      expect(itemsOf<Book>(await list({ pageSize: 3, page: 2 })).map((b) => b.id)).to.deep.equal([made.alpha.id]);
    });

    it('answers 400 for a pageSize over 200, a page under 1, an unknown parameter and a column that is not a filter', async () => {
      detailFor(expectError(await list({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
      detailFor(expectError(await list({ page: 0 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
      detailFor(expectError(await list({ color: 'red' }), 400, 'VALIDATION_FAILED_400'), '/query/color');
      detailFor(expectError(await list({ summary: 'Long' }), 400, 'VALIDATION_FAILED_400'), '/query/summary');
      detailFor(expectError(await list({ pages: 'many' }), 400, 'VALIDATION_FAILED_400'), '/query/pages');
    });

    it('sorts by a listed column either way, and answers 400 for one that is not listed or a bad direction', async () => {
      expect(await titles({ sort: 'title,desc' })).to.deep.equal(['Delta', 'Beta reader', 'Alpha Centauri', '100% Gamma']);
      expect(itemsOf<Book>(await list({ sort: 'pages,desc', pages: 0 })).map((b) => b.pages)).to.deep.equal([400, 250, 100]);
      expect(itemsOf<Book>(await list({ sort: 'pages,asc', pages: 0 })).map((b) => b.pages)).to.deep.equal([100, 250, 400]);
      expect(itemsOf<Book>(await list({ sort: ['inPrint,asc', 'copies,desc'] })).map((b) => b.title)).to.deep.equal([
        'Beta reader',
        '100% Gamma',
        'Alpha Centauri',
        'Delta',
      ]);
      detailFor(expectError(await list({ sort: 'summary,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await list({ sort: 'in_print,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await list({ sort: 'title,up' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    });

    it('filters text by part of it, whatever its case, % and _ matching themselves', async () => {
      expect(await titles({ title: 'ALPHA' })).to.deep.equal(['Alpha Centauri']);
      expect(await titles({ title: 'e' })).to.deep.equal(['Alpha Centauri', 'Beta reader', 'Delta']);
      expect(await titles({ title: '100%' })).to.deep.equal(['100% Gamma']);
      expect(await titles({ title: '0%_' })).to.deep.equal([]);
      expect(await titles({ isbn: '22' })).to.deep.equal(['Beta reader']);
    });

    it('filters by equality: a boolean, a dictionary value', async () => {
      expect(await titles({ inPrint: false })).to.deep.equal(['Beta reader']);
      expect(await titles({ inPrint: true })).to.deep.equal(['100% Gamma', 'Alpha Centauri', 'Delta']);
      expect(await titles({ genre: 'essay' })).to.deep.equal(['Beta reader']);
      expect(await titles({ genre: 'ess' })).to.deep.equal([]);
    });

    it('filters by greater than and less than, both strict', async () => {
      expect(await titles({ pages: 250 })).to.deep.equal(['100% Gamma']);
      expect(await titles({ pages: 99 })).to.deep.equal(['100% Gamma', 'Alpha Centauri', 'Beta reader']);
      expect(await titles({ copies: 5 })).to.deep.equal(['Beta reader', 'Delta']);
      expect(await titles({ copies: 1 })).to.deep.equal(['Beta reader']);
    });

    it('filters a time between two instants, both ends included', async () => {
      expect(await titles({ createdAtFrom: made.beta.createdAt, createdAtTo: made.gamma.createdAt })).to.deep.equal(['100% Gamma', 'Beta reader']);
      expect(await titles({ createdAtFrom: made.gamma.createdAt })).to.deep.equal(['100% Gamma', 'Delta']);
      expect(await titles({ createdAtTo: made.alpha.createdAt })).to.deep.equal(['Alpha Centauri']);
      detailFor(expectError(await list({ createdAtFrom: 'yesterday' }), 400, 'VALIDATION_FAILED_400'), '/query/createdAtFrom');
    });

    it('combines filters', async () => {
      expect(await titles({ inPrint: true, pages: 150 })).to.deep.equal(['100% Gamma']);
      expect(await titles({ title: 'EL', copies: 4 })).to.deep.equal(['Delta']);
    });
  });

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await http().get(BASE), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().get(`${BASE}/${NO_SUCH}`), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().post(BASE).send({ title: 'Anonymous' }), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().put(`${BASE}/${NO_SUCH}`).send({ title: 'Anonymous', version: 1 }), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().delete(`${BASE}/${NO_SUCH}`), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
      const book = await add({ title: 'Guarded' });
      const reader = tokenFor('reader', [`${PREFIX}:list`, `${PREFIX}:query`]);
      expectSuccess(await list({}, reader));
      expectSuccess(await read(book.id, reader));
      expectError(await create({ title: 'Nope' }, reader), 403, 'PERM_DENIED_403');
      expectError(await update(book.id, { title: 'Nope', version: 1 }, reader), 403, 'PERM_DENIED_403');
      expectError(await remove(book.id, {}, reader), 403, 'PERM_DENIED_403');
      expectError(await list({}, tokenFor('nobody', [])), 403, 'PERM_DENIED_403');
      expectSuccess(await create({ title: 'Added by a writer' }, tokenFor('writer', [`${PREFIX}:add`])), 201);
      expectSuccess(await remove(book.id, {}, tokenFor('remover', [`${PREFIX}:remove`])));
      expect(await titles({ title: 'Nope' })).to.deep.equal([]);
    });
  });

  describe('what it registered', () => {
    it('is in /v3/api-docs: its paths, its operations, the labels as descriptions', async () => {
      const doc = await http().get('/v3/api-docs').set('Authorization', ADMIN);
      expect(doc.status).to.equal(200);
      const paths = doc.body.paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths[BASE]).sort()).to.include.members(['get', 'post']);
      expect(Object.keys(paths[`${BASE}/{id}`]).sort()).to.include.members(['delete', 'get', 'put']);
      expect(doc.text).to.include('Book title');
    });

    it('declares its permissions, listed under its module id, of scope tenant (its table is tenant-owned)', async () => {
      const permissions = itemsOf<{ code: string; scope: string; moduleId: string }>(
        await http().get('/api/v1/system/permissions').query({ moduleId: MODULE_ID }).set('Authorization', ADMIN),
      );
      expect(permissions.map((p) => p.code).sort()).to.deep.equal(['add', 'edit', 'export', 'list', 'query', 'remove'].map((a) => `${PREFIX}:${a}`));
      expect(permissions.every((p) => p.scope === 'tenant' && p.moduleId === MODULE_ID)).to.equal(true);
    });

    it('has its menu synced: its resource path, its name, the list permission', async () => {
      const menus = itemsOf<{ path: string; title: string; permission: string; moduleId: string }>(
        await http().get('/api/v1/menus').query({ moduleId: MODULE_ID }).set('Authorization', ADMIN),
      );
      expect(menus.map(({ path: p, title, permission, moduleId }) => ({ path: p, title, permission, moduleId }))).to.deep.equal([
        { path: '/library/gen-books', title: 'Generated books', permission: `${PREFIX}:list`, moduleId: MODULE_ID },
      ]);
    });
  });

  describe('regeneration after a configuration change', () => {
    let again: Generated;
    let countBefore: number;
    before(async () => {
      countBefore = (expectSuccess(await list()).data as { total: number }).total;
      table = await updated(api, expectSuccess(await api.read(table.id)).data as TableView, {
        moduleName: 'Generated library books',
        columns: [
          { columnName: 'pages', list: false, query: false },
          { columnName: 'title', label: 'Name of the book' },
        ],
      });
      // Something an author left in the folder: a regeneration replaces the folder as a whole.
      fs.writeFileSync(path.join(moduleDir(), 'stray.txt'), 'left behind');
    });

    it('replaces the module in place: the same folder, only the new files, nothing left beside it', async () => {
      again = await generated(api, table.id);
      expect(again).to.include({ moduleId: MODULE_ID, replaced: true });
      expect(filesUnder(moduleDir())).to.deep.equal([...again.files].sort());
      expect(filesUnder(moduleDir())).to.not.include('stray.txt');
      expect(fs.readdirSync(generatedModulesDir(server))).to.deep.equal([MODULE_ID]);
      expect(leftovers(server)).to.deep.equal([]);
      expect(new Date(again.table.generatedAt!).getTime()).to.be.at.least(new Date(first.table.generatedAt!).getTime());
    });

    it('serves the new version at once: a column off the list is no sort field, the new label is the description', async () => {
      detailFor(expectError(await list({ sort: 'pages,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await list({ pages: 1 }), 400, 'VALIDATION_FAILED_400'), '/query/pages');
      expect(itemsOf<Book>(await list({ sort: 'title,asc' })).length).to.be.greaterThan(0);
      const docs = await apiDocsText();
      expect(docs).to.include('Name of the book').and.not.to.include('Book title');
    });

    it('keeps the rows, and the module is listed once, under its new name, with its menu retitled', async () => {
      expect((expectSuccess(await list()).data as { total: number }).total).to.equal(countBefore);
      const modules = itemsOf<{ id: string; name: string }>(await http().get('/api/v1/system/modules').query({ pageSize: 200 }).set('Authorization', ADMIN));
      expect(modules.filter((m) => m.id === MODULE_ID).map((m) => m.name)).to.deep.equal(['Generated library books']);
      const menus = itemsOf<{ title: string }>(await http().get('/api/v1/menus').query({ moduleId: MODULE_ID }).set('Authorization', ADMIN));
      expect(menus.map((m) => m.title)).to.deep.equal(['Generated library books']);
    });
  });

  // DATA_DIR is given through a symlink this time, as it is wherever os.tmpdir() or a volume is
  // one (macOS: /var/folders → /private/var/folders): the module is found under the link path.
  describe('after a restart', () => {
    let link: string;
    let rows: number;
    before(async () => {
      rows = (expectSuccess(await list()).data as { total: number }).total;
      link = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-g6gen-link-')), 'data');
      fs.symlinkSync(server.dataDir, link);
      await server.kernel.stop();
      restarted = true;
      server = await startTestServer({ database, config: { dataDir: link } });
      rebooted = true;
      api = generatorApi(server);
    });
    after(() => fs.rmSync(path.dirname(link), { recursive: true, force: true }));

    it('loads the generated module at boot: its endpoints answer with the rows written before', async () => {
      expect((expectSuccess(await list()).data as { total: number }).total).to.equal(rows);
      const book = await add({ title: 'After the restart', isbn: 'restart-1', genre: 'essay' });
      expect(expectSuccess(await read(book.id)).data).to.deep.equal(book);
      const renamed = expectSuccess(await update(book.id, { title: 'Renamed after the restart', version: 1 })).data as Book;
      expect(renamed).to.include({ title: 'Renamed after the restart', version: 2 });
      detailFor(expectError(await update(book.id, { title: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await create({ title: 'Copy', isbn: 'restart-1' }), 409, DUPLICATED), '/body/isbn');
      detailFor(expectError(await list({ sort: 'pages,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      expectError(await http().get(BASE), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('lists it with its permissions, its menu and its paths in /v3/api-docs', async () => {
      const summary = expectSuccess(await http().get(`/api/v1/system/modules/${MODULE_ID}`).set('Authorization', ADMIN)).data as Record<string, unknown>;
      expect(summary).to.include({ status: 'enabled', builtin: false, name: 'Generated library books' });
      const permissions = itemsOf<{ code: string }>(await http().get('/api/v1/system/permissions').query({ moduleId: MODULE_ID }).set('Authorization', ADMIN));
      expect(permissions).to.have.length(6);
      // Its list's export, as every kit list has: the rows as CSV, under its own permission.
      const exported = await http().get(`${BASE}/export`).query({ format: 'csv' }).set('Authorization', ADMIN);
      expect(exported.status, exported.text).to.equal(200);
      expect(exported.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(exported.text.split('\r\n')[0]).to.match(/^\uFEFFid,/);
      expect(
        itemsOf<{ path: string }>(await http().get('/api/v1/menus').query({ moduleId: MODULE_ID }).set('Authorization', ADMIN)).map((m) => m.path),
      ).to.deep.equal(['/library/gen-books']);
      expect(await apiDocsText())
        .to.include(`"${BASE}/{id}"`)
        .and.to.include('Name of the book');
    });

    it('keeps the configuration, and generates again in place', async () => {
      const stored = expectSuccess(await api.read(table.id)).data as TableView;
      expect(stored.generatedAt).to.be.a('string');
      const relabelled = await updated(api, stored, { columns: [{ columnName: 'title', label: 'Title after restart' }] });
      const regenerated = await generated(api, relabelled.id);
      expect(regenerated).to.include({ moduleId: MODULE_ID, replaced: true });
      expect(filesUnder(moduleDir())).to.deep.equal([...regenerated.files].sort());
      expect(await apiDocsText()).to.include('Title after restart');
      expect(leftovers(server)).to.deep.equal([]);
      expect((expectSuccess(await list()).data as { total: number }).total).to.equal(rows + 1);
    });
  });
});
