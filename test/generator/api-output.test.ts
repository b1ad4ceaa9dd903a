import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { LIBRARY_SETTINGS, freshTables } from './api-fixture';
import {
  GENERATOR_PERMISSIONS,
  NO_SUCH,
  availableNames,
  column,
  generatedModulesDir,
  generatorApi,
  imported,
  itemsOf,
  previewed,
  sql,
  updated,
  type GeneratorApi,
  type TableView,
} from './helpers';

/**
 * The generator's own API: preview and download of what a configuration would generate, sync
 * after the table changed, delete, and who may do what.
 */
describe('generator: the HTTP API — preview, download, sync, delete, permissions', () => {
  let server: TestServer;
  let api: GeneratorApi;
  before(async () => {
    server = await startTestServer();
    api = generatorApi(server);
  });
  after(() => server?.stop());
  beforeEach(() => freshTables(server, api));

  /** The g6api_book configuration a test works on, imported by its describe's beforeEach. */
  let book: TableView;
  /** g6api_book imported, then given the names and settings the edit tests set. */
  const libraryBook = async () => updated(api, await imported(api, 'g6api_book'), LIBRARY_SETTINGS);

  describe('preview and download', () => {
    beforeEach(async () => {
      book = await libraryBook();
    });

    it('previews every file of the module, relative to its folder, the manifest recording the generation', async () => {
      const files = await previewed(api, book.id);
      const paths = files.map((f) => f.path);
      expect(paths).to.include.members(['manifest.json', 'index.ts', 'README.md']);
      expect(new Set(paths).size).to.equal(paths.length);
      for (const p of paths)
        expect(p)
          .to.match(/^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/)
          .and.not.to.include('..');
      const manifest = JSON.parse(files.find((f) => f.path === 'manifest.json')!.content) as {
        id: string;
        name: string;
        permissions: { code: string }[];
        menus: { path: string; title: string }[];
        generation: { templateId: string; sourceTable: string; className: string; resourcePath: string; routeModule: string };
      };
      expect(manifest).to.include({ id: 'g6api-book', name: 'Library books' });
      expect(manifest.generation).to.include({ templateId: 'crud', sourceTable: 'g6api_book', className: 'LibraryBook', resourcePath: '/library/books' });
      expect(paths).to.include(manifest.generation.routeModule);
      expect(manifest.permissions.map((p) => p.code).sort()).to.deep.equal(
        ['add', 'edit', 'export', 'list', 'query', 'remove'].map((a) => `library:book:${a}`),
      );
      expect(manifest.menus).to.have.length(1);
      expect(manifest.menus[0]).to.include({ path: '/library/books', title: 'Library books' });
      // The table is named only in the entity, as a string.
      expect(files.some((f) => f.path.endsWith('.entity.ts') && f.content.includes(`'g6api_book'`))).to.equal(true);
    });

    it('follows the configuration: an edited label and a column listed reach the files', async () => {
      const files = await previewed(api, book.id);
      const text = files.map((f) => f.content).join('\n');
      expect(text).to.include('Book title');
      book = await updated(api, book, { columns: [{ columnName: 'title', label: 'Name of the book' }] });
      const after = (await previewed(api, book.id)).map((f) => f.content).join('\n');
      expect(after).to.include('Name of the book').and.not.to.include('Book title');
    });

    it('downloads the same files as a zip holding the module folder', async () => {
      const res = await api.download(book.id);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^application\/zip/);
      expect(res.headers['content-disposition']).to.equal('attachment; filename="g6api-book.zip"');
      const entries = unzipSync(new Uint8Array(res.body as Buffer));
      const unzipped = Object.entries(entries)
        .map(([name, bytes]) => ({ path: name, content: strFromU8(bytes) }))
        .sort((a, b) => a.path.localeCompare(b.path));
      const files = (await previewed(api, book.id))
        .map((f) => ({ path: `g6api-book/${f.path}`, content: f.content }))
        .sort((a, b) => a.path.localeCompare(b.path));
      expect(unzipped).to.deep.equal(files);
    });

    it('writes nothing: preview and download leave the generated-modules folder alone', async () => {
      expect(fs.existsSync(path.join(generatedModulesDir(server), 'g6api-book'))).to.equal(false);
      expect((expectSuccess(await api.read(book.id)).data as TableView).generatedAt).to.equal(null);
    });
  });

  describe('sync after the table changed', () => {
    let shelf: TableView;
    const commentOnName = () => sql(server, `comment on column g6api_shelf.name is 'What the shelf is called'`);
    const addDropAndRetype = () => sql(server, 'alter table g6api_shelf add column room varchar(10), drop column note, alter column floor type bigint');
    beforeEach(async () => {
      shelf = await imported(api, 'g6api_shelf');
      shelf = await updated(api, shelf, {
        columns: [
          { columnName: 'name', label: 'Shelf name', query: false },
          { columnName: 'floor', query: true, queryOp: 'lt' },
        ],
      });
    });

    it('still previews after only a comment changed', async () => {
      await commentOnName();
      expect((await previewed(api, shelf.id)).length).to.be.greaterThan(0);
    });

    it('answers 409 GENERATOR_TABLE_CHANGED_409 to preview, download and generate once a column was added, dropped or retyped', async () => {
      await addDropAndRetype();
      detailFor(expectError(await api.preview(shelf.id), 409, 'GENERATOR_TABLE_CHANGED_409'), '/params/id');
      detailFor(expectError(await api.download(shelf.id), 409, 'GENERATOR_TABLE_CHANGED_409'), '/params/id');
      detailFor(expectError(await api.generate(shelf.id), 409, 'GENERATOR_TABLE_CHANGED_409'), '/params/id');
      expect(fs.existsSync(path.join(generatedModulesDir(server), shelf.moduleId))).to.equal(false);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a sync with a stale version, and 400 without one', async () => {
      detailFor(expectError(await api.sync(shelf.id, { version: shelf.version - 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      detailFor(expectError(await api.sync(shelf.id, {}), 400, 'VALIDATION_FAILED_400'), '/query/version');
    });

    it('syncs: columns that kept their name and type keep their settings, new ones get a proposal, dropped ones go', async () => {
      await commentOnName();
      await addDropAndRetype();
      const synced = expectSuccess(await api.sync(shelf.id, { version: shelf.version })).data as TableView;
      expect(synced.version).to.equal(shelf.version + 1);
      expect(synced.columns.map((c) => c.columnName)).to.deep.equal(['id', 'name', 'floor', 'room']);
      // The comment is read again, the settings stay.
      expect(column(synced, 'name')).to.include({ label: 'Shelf name', query: false, comment: 'What the shelf is called' });
      // A retyped column is proposed afresh: an int8 reads as a string, and is not a filter by default.
      expect(column(synced, 'floor')).to.include({ dbType: 'int8', tsType: 'string', query: false, queryOp: 'eq', label: 'Floor' });
      expect(column(synced, 'room')).to.include({ dbType: 'varchar', length: 10, label: 'Room', query: true, queryOp: 'like', form: true, list: true });
      expect((await previewed(api, shelf.id)).length).to.be.greaterThan(0);
      shelf = synced;
    });

    it('answers 404 GENERATOR_TABLE_NOT_FOUND_404 to preview, generate and sync once the table is dropped', async () => {
      const gone = await imported(api, 'g6api_gone');
      await sql(server, 'drop table g6api_gone');
      detailFor(expectError(await api.preview(gone.id), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.generate(gone.id), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.sync(gone.id, { version: 1 }), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/params/id');
    });
  });

  describe('delete', () => {
    beforeEach(async () => {
      book = await libraryBook();
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version', async () => {
      detailFor(expectError(await api.remove(book.id, { version: book.version - 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expectSuccess(await api.read(book.id));
    });

    it('forgets the configuration: 200 with {}, then 404, and the table is available again and can be imported anew', async () => {
      expect(expectSuccess(await api.remove(book.id, { version: book.version })).data).to.deep.equal({});
      expectError(await api.read(book.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expect(await availableNames(api, { keyword: 'g6api_book' })).to.deep.equal(['g6api_book']);
      const again = await imported(api, 'g6api_book');
      expect(again.id).to.not.equal(book.id);
      expect(again).to.include({ moduleId: 'g6api-book', version: 1, className: 'G6apiBook' });
      book = again;
    });

    it('deletes without a version too', async () => {
      expect(expectSuccess(await api.remove(book.id)).data).to.deep.equal({});
      expectError(await api.remove(book.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('authentication and permissions', () => {
    let table: TableView;
    beforeEach(async () => {
      table = await imported(api, 'g6api_book');
    });

    const routes = (id: string) => [
      { permission: 'generator:table:list', call: (token?: string) => withToken(server.http().get('/api/v1/generator/templates'), token) },
      { permission: 'generator:table:list', call: (token?: string) => withToken(server.http().get('/api/v1/generator/tables/available'), token) },
      { permission: 'generator:table:list', call: (token?: string) => withToken(server.http().get('/api/v1/generator/tables'), token) },
      {
        permission: 'generator:table:import',
        call: (token?: string) => withToken(server.http().post('/api/v1/generator/tables'), token).send({ tableName: 'g6api_nothing' }),
      },
      { permission: 'generator:table:query', call: (token?: string) => withToken(server.http().get(`/api/v1/generator/tables/${id}`), token) },
      {
        permission: 'generator:table:edit',
        call: (token?: string) => withToken(server.http().put(`/api/v1/generator/tables/${id}`), token).send({ version: 1 }),
      },
      { permission: 'generator:table:edit', call: (token?: string) => withToken(server.http().post(`/api/v1/generator/tables/${id}/sync?version=1`), token) },
      { permission: 'generator:table:remove', call: (token?: string) => withToken(server.http().delete(`/api/v1/generator/tables/${id}?version=1`), token) },
      { permission: 'generator:table:preview', call: (token?: string) => withToken(server.http().get(`/api/v1/generator/tables/${id}/preview`), token) },
      { permission: 'generator:table:preview', call: (token?: string) => withToken(server.http().get(`/api/v1/generator/tables/${id}/download`), token) },
      { permission: 'generator:table:generate', call: (token?: string) => withToken(server.http().post(`/api/v1/generator/tables/${id}/generate`), token) },
    ];

    it('answers 401 AUTH_TOKEN_MISSING_401 on every route without a token', async () => {
      for (const route of routes(table.id)) expectError(await route.call(), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 on every route to a caller holding every generator permission but the route’s', async () => {
      for (const route of routes(table.id)) {
        const others = tokenFor(
          'almost',
          GENERATOR_PERMISSIONS.filter((p) => p !== route.permission),
        );
        expectError(await route.call(others), 403, 'PERM_DENIED_403');
      }
      expect(expectSuccess(await api.read(table.id)).data).to.deep.equal(table);
    });

    it('lets the route’s permission alone through (an unknown id then answers 404)', async () => {
      for (const route of routes(NO_SUCH)) {
        const res = await route.call(tokenFor('exact', [route.permission]));
        expect([200, 404], `${res.status} ${res.text}`).to.include(res.status);
        if (res.status === 404) expect(res.body.code).to.be.oneOf(['SYSTEM_RESOURCE_NOT_FOUND_404', 'GENERATOR_TABLE_NOT_FOUND_404']);
      }
    });

    it('declares its seven permissions and its menu', async () => {
      const permissions = itemsOf<{ code: string; scope: string }>(
        await server.http().get('/api/v1/system/permissions').query({ moduleId: 'generator', pageSize: 200 }).set('Authorization', ADMIN),
      );
      expect(permissions.map((p) => p.code).sort()).to.deep.equal([...GENERATOR_PERMISSIONS].sort());
      expect(permissions.every((p) => p.scope === 'global')).to.equal(true);
      const menus = itemsOf<{ path: string; permission: string }>(
        await server.http().get('/api/v1/menus').query({ moduleId: 'generator' }).set('Authorization', ADMIN),
      );
      expect(menus.map((m) => ({ path: m.path, permission: m.permission }))).to.deep.equal([{ path: '/tool/generator', permission: 'generator:table:list' }]);
    });
  });
});

function withToken<T extends { set(name: string, value: string): T }>(request: T, token?: string): T {
  return token ? request.set('Authorization', token) : request;
}
