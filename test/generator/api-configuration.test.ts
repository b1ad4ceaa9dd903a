import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { LIBRARY_SETTINGS, freshTables } from './api-fixture';
import { NO_SUCH, column, generatorApi, imported, itemsOf, updated, type GeneratorApi, type TableView } from './helpers';

/**
 * The generator's own API: editing an imported configuration and the rules it is held to.
 */
describe('generator: the HTTP API — editing a configuration', () => {
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

  describe('editing the configuration', () => {
    beforeEach(async () => {
      book = await imported(api, 'g6api_book');
    });

    const refused = async (change: Record<string, unknown>, field: string, status = 400, code = 'VALIDATION_FAILED_400') =>
      detailFor(expectError(await api.update(book.id, { version: book.version, ...change }), status, code), field);

    it('changes the settings sent, keeps the others, and moves the version on', async () => {
      const before = book;
      book = await updated(api, book, LIBRARY_SETTINGS);
      expect(book).to.include({
        moduleId: 'g6api-book',
        className: 'LibraryBook',
        moduleName: 'Library books',
        resourcePath: '/library/books',
        permissionPrefix: 'library:book',
        version: 2,
      });
      expect(column(book, 'title')).to.deep.equal({ ...column(before, 'title'), label: 'Book title' });
      expect(column(book, 'pages')).to.deep.equal({ ...column(before, 'pages'), query: true, queryOp: 'gt' });
      expect(column(book, 'summary')).to.deep.equal({ ...column(before, 'summary'), list: true, query: false });
      expect(column(book, 'price')).to.deep.equal({ ...column(before, 'price'), tsType: 'number' });
      for (const name of ['id', 'in_print', 'genre', 'created_at', 'updated_at', 'version', 'isbn'])
        expect(column(book, name)).to.deep.equal(column(before, name));
      expect(new Date(book.updatedAt).getTime()).to.be.at.least(new Date(before.updatedAt).getTime());
      expect(expectSuccess(await api.read(book.id)).data).to.deep.equal(book);
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version and 400 without one', async () => {
      book = await updated(api, book, LIBRARY_SETTINGS);
      detailFor(expectError(await api.update(book.id, { version: 1, moduleName: 'Late' }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await api.update(book.id, { moduleName: 'Late' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
    });

    it('holds the names to the manifest’s rules: module id, class name, resource path (a menu path too), permission prefix, module name, template', async () => {
      await refused({ moduleId: 'Bad_Id' }, '/body/moduleId');
      await refused({ moduleId: '' }, '/body/moduleId');
      await refused({ className: '9Lives' }, '/body/className');
      await refused({ className: 'Library-Book' }, '/body/className');
      await refused({ resourcePath: 'library' }, '/body/resourcePath');
      await refused({ resourcePath: '/Library/Books' }, '/body/resourcePath');
      await refused({ resourcePath: '/a/b/c/d/e' }, '/body/resourcePath');
      await refused({ permissionPrefix: 'library:book:extra' }, '/body/permissionPrefix');
      await refused({ permissionPrefix: 'library' }, '/body/permissionPrefix');
      await refused({ moduleName: '' }, '/body/moduleName');
      await refused({ templateVersion: '9.9.9' }, '/body/templateVersion');
      await refused({ templateId: 'no-such-template' }, '/body/templateVersion');
      await refused({ tableName: 'g6api_shelf' }, '/body/tableName');
    });

    it('refuses a class name another module maps as an entity', async () => {
      await refused({ className: 'User' }, '/body/className');
      await refused({ className: 'GeneratorTable' }, '/body/className');
    });

    it('reports every problem at once', async () => {
      const body = expectError(
        await api.update(book.id, { version: book.version, moduleId: 'Bad', resourcePath: 'nope', columns: [{ columnName: 'title', tsType: 'number' }] }),
        400,
        'VALIDATION_FAILED_400',
      );
      for (const field of ['/body/moduleId', '/body/resourcePath', '/body/columns/0/tsType']) detailFor(body, field);
    });

    it('holds each column’s settings to what its type and role allow, pointing at the column as sent', async () => {
      await refused({ columns: [{ columnName: 'nope' }] }, '/body/columns/0/columnName');
      await refused(
        {
          columns: [
            { columnName: 'pages', label: 'Pages' },
            { columnName: 'title', tsType: 'number' },
          ],
        },
        '/body/columns/1/tsType',
      );
      await refused({ columns: [{ columnName: 'in_print', tsType: 'string' }] }, '/body/columns/0/tsType');
      await refused({ columns: [{ columnName: 'pages', query: true, queryOp: 'like' }] }, '/body/columns/0/queryOp');
      await refused({ columns: [{ columnName: 'in_print', query: true, queryOp: 'gt' }] }, '/body/columns/0/queryOp');
      await refused({ columns: [{ columnName: 'title', queryOp: 'regex' }] }, '/body/columns/0/queryOp');
      await refused({ columns: [{ columnName: 'title', label: '' }] }, '/body/columns/0/label');
      await refused({ columns: [{ columnName: 'title', label: 'x'.repeat(65) }] }, '/body/columns/0/label');
      await refused({ columns: [{ columnName: 'title', color: 'red' }] }, '/body/columns/0/color');
      // Only a form column can be required; a NOT NULL column without a default must be both.
      await refused({ columns: [{ columnName: 'isbn', form: false, required: true }] }, '/body/columns/0/required');
      await refused({ columns: [{ columnName: 'title', form: false }] }, '/body/columns/0/required');
      await refused({ columns: [{ columnName: 'title', required: false }] }, '/body/columns/0/required');
      // The module sets the key, the timestamps and the version itself.
      await refused({ columns: [{ columnName: 'id', form: true }] }, '/body/columns/0/form');
      await refused({ columns: [{ columnName: 'created_at', form: true }] }, '/body/columns/0/form');
      await refused({ columns: [{ columnName: 'version', form: true }] }, '/body/columns/0/form');
      await refused({ columns: [{ columnName: 'version', query: true }] }, '/body/columns/0/query');
    });

    it('refuses a filter named like a paging parameter, two filters of one name, and settings on a column it leaves out', async () => {
      await imported(api, 'g6api_loose');
      const loose = expectSuccess(await api.list({ keyword: 'g6api_loose' })).data as { items: TableView[] };
      const id = loose.items[0].id;
      const put = (columns: Record<string, unknown>[]) => api.update(id, { version: 1, columns });
      const reserved = detailFor(expectError(await put([{ columnName: 'page', query: true }]), 400, 'VALIDATION_FAILED_400'), '/body/columns/0/query');
      expect(reserved.rule).to.equal('reserved');
      detailFor(expectError(await put([{ columnName: 'tags', list: true }]), 400, 'VALIDATION_FAILED_400'), '/body/columns/0/list');
      // `made` between is filtered as madeFrom and madeTo: the name of `made_from`'s own filter.
      const clash = expectError(
        await put([
          { columnName: 'made', query: true, queryOp: 'between' },
          { columnName: 'made_from', query: true, queryOp: 'eq' },
        ]),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(clash.details.filter((d) => d.rule === 'unique').map((d) => d.field)).to.deep.equal(['/body/columns/1/query']);
      expectSuccess(await put([{ columnName: 'made', query: true, queryOp: 'between' }]));
      expectSuccess(await api.update(id, { version: 2, columns: [{ columnName: 'made', query: false }] }));
      expect((expectSuccess(await api.read(id)).data as TableView).version).to.equal(3);
    });

    it('ties a column to a dictionary that exists and has items, and refuses one that does not or a boolean', async () => {
      const post = (url: string, body: Record<string, unknown>) => server.http().post(url).set('Authorization', ADMIN).send(body);
      expectSuccess(await post('/api/v1/dictionaries', { code: 'g6api_genre', name: 'Genres' }), 201);
      expectSuccess(await post('/api/v1/dictionaries/g6api_genre/items', { label: 'Novel', value: 'novel' }), 201);
      expectSuccess(await post('/api/v1/dictionaries', { code: 'g6api_empty', name: 'Empty' }), 201);

      const missing = await refused({ columns: [{ columnName: 'genre', dictCode: 'g6api_no_such' }] }, '/body/columns/0/dictCode');
      expect(missing.rule).to.equal('dictionary');
      expect((await refused({ columns: [{ columnName: 'genre', dictCode: 'g6api_empty' }] }, '/body/columns/0/dictCode')).rule).to.equal('dictionary');
      await refused({ columns: [{ columnName: 'genre', dictCode: '1bad code' }] }, '/body/columns/0/dictCode');
      const boolean = expectError(
        await api.update(book.id, { version: book.version, columns: [{ columnName: 'in_print', dictCode: 'g6api_genre' }] }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(boolean.details.filter((d) => d.field === '/body/columns/0/dictCode').map((d) => d.rule)).to.deep.equal(['type']);

      book = await updated(api, book, { columns: [{ columnName: 'genre', dictCode: 'g6api_genre' }] });
      expect(column(book, 'genre').dictCode).to.equal('g6api_genre');
      book = await updated(api, book, { columns: [{ columnName: 'genre', dictCode: null }] });
      expect(column(book, 'genre').dictCode).to.equal(null);
    });

    it('leaves the configuration as it was after a refusal', async () => {
      await refused({ moduleId: 'Bad_Id', columns: [{ columnName: 'title', label: 'Changed' }] }, '/body/moduleId');
      expect(expectSuccess(await api.read(book.id)).data).to.deep.equal(book);
    });

    it('answers 409 GENERATOR_MODULE_EXISTS_409 for a module id another configuration has', async () => {
      await imported(api, 'g6api_loose');
      const loose = (expectSuccess(await api.list({ keyword: 'g6api_loose' })).data as { items: TableView[] }).items[0];
      detailFor(
        expectError(await api.update(loose.id, { version: loose.version, moduleId: 'g6api-book' }), 409, 'GENERATOR_MODULE_EXISTS_409'),
        '/body/moduleId',
      );
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an id no import has, and 400 for one that is not a UUID', async () => {
      detailFor(expectError(await api.read(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.update(NO_SUCH, { version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.preview(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.download(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.generate(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.sync(NO_SUCH, { version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.remove(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
      detailFor(expectError(await api.read('not-a-uuid'), 400, 'VALIDATION_FAILED_400'), '/params/id');
    });

    it('lists the imported tables by keyword, sorted and paged', async () => {
      await imported(api, 'g6api_loose');
      const names = (query: Record<string, unknown>) => api.list(query).then((res) => itemsOf<TableView>(res).map((t) => t.tableName));
      expect(await names({ keyword: 'g6api_' })).to.deep.equal(['g6api_book', 'g6api_loose']);
      expect(await names({ keyword: 'g6api_', sort: 'tableName,desc' })).to.deep.equal(['g6api_loose', 'g6api_book']);
      expect(await names({ keyword: 'g6api_', sort: 'moduleId,asc', pageSize: 1, page: 2 })).to.deep.equal(['g6api_loose']);
      detailFor(expectError(await api.list({ sort: 'className,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    });
  });
});
