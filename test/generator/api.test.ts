import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
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
 * The generator's own API: templates, the tables it may import, imported configurations and their
 * rules, sync after a table changes, preview and download. Generation itself is
 * generated-module.test.ts; hostile input is safety.test.ts.
 */
describe('generator: the HTTP API', () => {
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

  describe('templates', () => {
    it('lists the crud template, versioned 3.x (a resource of the kit, an indexed list), with a name and a description', async () => {
      const items = itemsOf<{ id: string; version: string; name: string; description: string }>(await api.templates());
      const crud = items.filter((t) => t.id === 'crud');
      expect(crud).to.have.length(1);
      expect(crud[0].version).to.match(/^3\.\d+\.\d+$/);
      expect(crud[0].name).to.be.a('string').that.is.not.empty;
      expect(crud[0].description).to.be.a('string').that.is.not.empty;
      expect(Object.keys(crud[0]).sort()).to.deep.equal(['description', 'id', 'name', 'version']);
    });

    it('answers 400 for a sort off its whitelist', async () => {
      detailFor(expectError(await api.templates({ sort: 'name,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    });
  });

  describe('the tables available', () => {
    it('lists the tables no module owns, with their comment', async () => {
      const data = expectSuccess(await api.available({ keyword: 'g6api_b', pageSize: 200 })).data as {
        items: { tableName: string; comment: string | null }[];
        total: number;
      };
      expect(data.items).to.deep.equal([
        { tableName: 'g6api_blob', comment: null },
        { tableName: 'g6api_book', comment: 'Books of the library' },
      ]);
      expect(data.total).to.equal(2);
    });

    it('leaves out the tables modules own: the kernel’s, the built-in modules’, its own', async () => {
      const names = await availableNames(api);
      expect(names).to.include.members(['g6api_book', 'g6api_nokey', 'G6api Book', 'Audit']);
      for (const owned of [
        'atrium_migrations',
        'users_user',
        'users_user_role',
        'roles_role',
        'posts_post',
        'menus_menu',
        'audit_operation',
        'tasks',
        'task_attempts',
        'generator_table',
      ]) {
        expect(names).to.not.include(owned);
      }
    });

    it('matches the keyword whatever its case, sorts by name and pages', async () => {
      expect(await availableNames(api, { keyword: 'G6API_NO' })).to.deep.equal(['g6api_nokey']);
      const desc = itemsOf<{ tableName: string }>(await api.available({ keyword: 'g6api_', sort: 'tableName,desc', pageSize: 2 }));
      expect(desc.map((t) => t.tableName)).to.deep.equal(['g6api_shelf', 'g6api_pair']);
      detailFor(expectError(await api.available({ sort: 'comment,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await api.available({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
    });
  });

  describe('import', () => {
    beforeEach(async () => {
      book = await imported(api, 'g6api_book');
    });

    it('reads every column by introspection: name, type, nullability, default, length, precision, key and comment', async () => {
      const facts = book.columns.map(({ columnName, dbType, nullable, defaultValue, identity, length, precision, scale, primaryKey, comment }) => ({
        columnName,
        dbType,
        nullable,
        defaultValue,
        identity,
        length,
        precision,
        scale,
        primaryKey,
        comment,
      }));
      const none = { defaultValue: null, identity: false, length: null, precision: null, scale: null, primaryKey: false, comment: null };
      expect(facts).to.deep.equal([
        { ...none, columnName: 'id', dbType: 'uuid', nullable: false, primaryKey: true },
        { ...none, columnName: 'title', dbType: 'varchar', nullable: false, length: 120, comment: 'Title of the book\nthe second line is not a label' },
        { ...none, columnName: 'pages', dbType: 'int4', nullable: true },
        { ...none, columnName: 'in_print', dbType: 'bool', nullable: false, defaultValue: 'true' },
        { ...none, columnName: 'summary', dbType: 'text', nullable: true },
        { ...none, columnName: 'price', dbType: 'numeric', nullable: true, precision: 10, scale: 2 },
        { ...none, columnName: 'genre', dbType: 'varchar', nullable: true, length: 20 },
        { ...none, columnName: 'created_at', dbType: 'timestamptz', nullable: false, defaultValue: 'now()' },
        { ...none, columnName: 'updated_at', dbType: 'timestamptz', nullable: true },
        { ...none, columnName: 'version', dbType: 'int4', nullable: false, defaultValue: '1' },
        { ...none, columnName: 'isbn', dbType: 'varchar', nullable: true, length: 20 },
      ]);
      expect(book.uniqueConstraints).to.deep.equal([{ name: 'g6api_book_isbn_key', columns: ['isbn'] }]);
      expect(book.tableComment).to.equal('Books of the library');
    });

    it('proposes names from the table’s: module id, class name, resource path, permission prefix, module name from the comment', async () => {
      expect(book).to.include({
        tableName: 'g6api_book',
        templateId: 'crud',
        moduleId: 'g6api-book',
        moduleName: 'Books of the library',
        className: 'G6apiBook',
        resourcePath: '/g6api-book',
        permissionPrefix: 'g6api-book:book',
        generatedAt: null,
        version: 1,
      });
      expect(book.templateVersion).to.match(/^3\.\d+\.\d+$/);
      expect(book.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(book.updatedAt).to.equal(book.createdAt);
    });

    it('proposes per column a label, a type, list, query with its operator, form, required and no dictionary', async () => {
      const settings = book.columns.map(({ columnName, property, role, supported, label, tsType, list, query, queryOp, form, required, dictCode }) => ({
        columnName,
        property,
        role,
        supported,
        label,
        tsType,
        list,
        query,
        queryOp,
        form,
        required,
        dictCode,
      }));
      const field = { role: 'field', supported: true, tsType: 'string', list: true, query: false, queryOp: 'eq', form: true, required: false, dictCode: null };
      expect(settings).to.deep.equal([
        { ...field, columnName: 'id', property: 'id', role: 'id', label: 'Id', form: false },
        // The label is the comment's first line; text is filtered with like, and NOT NULL without a default is required.
        { ...field, columnName: 'title', property: 'title', label: 'Title of the book', query: true, queryOp: 'like', required: true },
        { ...field, columnName: 'pages', property: 'pages', label: 'Pages', tsType: 'number' },
        { ...field, columnName: 'in_print', property: 'inPrint', label: 'In print', tsType: 'boolean', query: true },
        // Long text is not listed (nor a sort field) by default.
        { ...field, columnName: 'summary', property: 'summary', label: 'Summary', list: false, query: true, queryOp: 'like' },
        // A numeric reads as a string: no digit lost.
        { ...field, columnName: 'price', property: 'price', label: 'Price' },
        { ...field, columnName: 'genre', property: 'genre', label: 'Genre', query: true, queryOp: 'like' },
        { ...field, columnName: 'created_at', property: 'createdAt', role: 'createdAt', label: 'Created at', query: true, queryOp: 'between', form: false },
        { ...field, columnName: 'updated_at', property: 'updatedAt', role: 'updatedAt', label: 'Updated at', queryOp: 'between', form: false },
        { ...field, columnName: 'version', property: 'version', role: 'version', label: 'Version', tsType: 'number', form: false },
        { ...field, columnName: 'isbn', property: 'isbn', label: 'Isbn', query: true, queryOp: 'like' },
      ]);
    });

    it('takes the imported table out of the available ones, and lists it among the imported', async () => {
      expect(await availableNames(api)).to.not.include('g6api_book');
      const listed = itemsOf<TableView>(await api.list({ keyword: 'G6API_BO' }));
      expect(listed.map((t) => t.tableName)).to.deep.equal(['g6api_book']);
      expect(listed[0]).to.not.have.property('columns');
      expect(listed[0]).to.include({ id: book.id, moduleId: 'g6api-book', version: 1 });
    });

    it('answers the configuration by id, as the import did', async () => {
      expect(expectSuccess(await api.read(book.id)).data).to.deep.equal(book);
    });

    it('answers 409 GENERATOR_TABLE_IMPORTED_409 for a table imported already', async () => {
      detailFor(expectError(await api.import({ tableName: 'g6api_book' }), 409, 'GENERATOR_TABLE_IMPORTED_409'), '/body/tableName');
    });

    it('answers 404 GENERATOR_TABLE_NOT_FOUND_404 for a table that does not exist, or that a module owns', async () => {
      for (const tableName of ['g6api_nothing', 'G6API_BOOK', 'users_user', 'atrium_migrations', 'generator_table', 'tasks']) {
        detailFor(expectError(await api.import({ tableName }), 404, 'GENERATOR_TABLE_NOT_FOUND_404'), '/body/tableName');
      }
    });

    it('answers 400 GENERATOR_TABLE_UNSUPPORTED_400 for a table without a single-column key, or with a NOT NULL column of a type it cannot map', async () => {
      for (const tableName of ['g6api_nokey', 'g6api_pair', 'g6api_blob']) {
        detailFor(expectError(await api.import({ tableName }), 400, 'GENERATOR_TABLE_UNSUPPORTED_400'), '/body/tableName');
      }
      expect(await availableNames(api, { keyword: 'g6api_' })).to.include.members(['g6api_nokey', 'g6api_pair', 'g6api_blob']);
    });

    it('answers 400 VALIDATION_FAILED_400 for a body without a table name or with an empty one', async () => {
      detailFor(expectError(await api.import({}), 400, 'VALIDATION_FAILED_400'), '/body/tableName');
      detailFor(expectError(await api.import({ tableName: '' }), 400, 'VALIDATION_FAILED_400'), '/body/tableName');
      detailFor(expectError(await api.import({ tableName: 'g6api_loose', extra: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/extra');
    });

    it('leaves out the columns of types it cannot map, and keeps a filter off the names lists use for paging', async () => {
      const loose = await imported(api, 'g6api_loose');
      expect(column(loose, 'tags')).to.include({ dbType: '_text', supported: false, list: false, query: false, form: false, required: false });
      expect(column(loose, 'page')).to.include({ supported: true, property: 'page', query: false });
      expect(column(loose, 'id')).to.include({ dbType: 'int4', role: 'id', form: false, tsType: 'string' });
      expect(column(loose, 'id').defaultValue).to.match(/^nextval\(/);
    });

    it('proposes a module id no running module and no other configuration has', async () => {
      const spaced = await imported(api, 'G6api Book');
      expect(spaced).to.include({ moduleId: 'g6api-book2', resourcePath: '/g6api-book2', className: 'G6apiBook' });
      const audit = await imported(api, 'Audit');
      expect(audit).to.include({ moduleId: 'audit2', resourcePath: '/audit2', permissionPrefix: 'audit2:audit' });
      for (const table of [spaced, audit]) expectSuccess(await api.remove(table.id, { version: 1 }));
    });

    it('records the import in the operation log, with the configuration as the change', async () => {
      type Change = { resource: string; id: string; action: string; after: Partial<TableView> };
      type Operation = { id: string; path: string; permission: string; changes: Change[] };
      const operation = await eventually(async () => {
        const items = itemsOf<Operation>(
          await server
            .http()
            .get('/api/v1/audit/operations')
            .query({ moduleId: 'generator', method: 'POST', status: 201, pageSize: 200 })
            .set('Authorization', ADMIN),
        );
        for (const item of items) {
          const detail = expectSuccess(await server.http().get(`/api/v1/audit/operations/${item.id}`).set('Authorization', ADMIN)).data as Operation;
          if ((detail.changes ?? []).some((c) => c.after?.tableName === 'g6api_book' && c.after?.id === book.id)) return detail;
        }
        return undefined;
      }, 5000);
      expect(operation).to.include({ path: '/api/v1/generator/tables', permission: 'generator:table:import' });
      expect(operation.changes).to.have.length(1);
      expect(operation.changes[0]).to.include({ resource: 'generator-table', id: book.id, action: 'create' });
      expect(operation.changes[0].after).to.include({ id: book.id, moduleId: 'g6api-book', className: 'G6apiBook', version: 1 });
    });
  });

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
      expect(manifest.permissions.map((p) => p.code).sort()).to.deep.equal(['add', 'edit', 'list', 'query', 'remove'].map((a) => `library:book:${a}`));
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
