import { expect } from 'chai';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { freshTables } from './api-fixture';
import { availableNames, column, generatorApi, imported, itemsOf, type GeneratorApi, type TableView } from './helpers';

/**
 * The generator's own API, first part: its templates, the tables it may import, and importing one
 * (the configuration an import proposes). Editing is api-configuration.test.ts; preview,
 * download, sync, delete and permissions are api-output.test.ts; generation itself is
 * generated-module.test.ts; hostile input is safety.test.ts.
 */
describe('generator: the HTTP API — templates, the tables it may import, and import', () => {
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
});
