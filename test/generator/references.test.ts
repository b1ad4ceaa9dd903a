import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { generated, generatorApi, imported, previewed, sql, type GeneratorApi } from './helpers';

/**
 * Two generated modules over tables tied by a foreign key: what the database refuses about a
 * reference reaches the client as a catalogued answer, never a 500.
 */
describe('generator: tables tied by a foreign key', () => {
  let server: TestServer;
  let api: GeneratorApi;
  const post = (url: string, body: object) => server.http().post(url).set('Authorization', ADMIN).send(body);
  const put = (url: string, body: object) => server.http().put(url).set('Authorization', ADMIN).send(body);
  const remove = (url: string) => server.http().delete(url).set('Authorization', ADMIN);

  before(async () => {
    server = await startTestServer();
    api = generatorApi(server);
    await sql(server, 'create table g6ref_authors (id uuid primary key, name varchar(100) not null)');
    await sql(
      server,
      `create table g6ref_books (
      id serial primary key,
      title varchar(100) not null,
      author_id uuid not null constraint g6ref_books_author_fkey references g6ref_authors (id)
    )`,
    );
    for (const tableName of ['g6ref_authors', 'g6ref_books']) await generated(api, (await imported(api, tableName)).id);
  });
  after(() => server.stop());

  it('reads the keys both ways at import: the books’ foreign key, and that books refer to authors', async () => {
    const books = (expectSuccess(await api.list({ keyword: 'g6ref_books' })).data as { items: { id: string }[] }).items[0];
    const view = expectSuccess(await api.read(books.id)).data as { foreignKeys: unknown; referencedBy: unknown };
    expect(view.foreignKeys).to.deep.equal([{ name: 'g6ref_books_author_fkey', columns: ['author_id'] }]);
    const authors = (expectSuccess(await api.list({ keyword: 'g6ref_authors' })).data as { items: { id: string }[] }).items[0];
    expect((expectSuccess(await api.read(authors.id)).data as { referencedBy: unknown }).referencedBy).to.deep.equal([
      { tableName: 'g6ref_books', name: 'g6ref_books_author_fkey' },
    ]);
    const readme = (await previewed(api, authors.id)).find((f) => f.path === 'README.md')!.content;
    expect(readme).to.include('SYSTEM_G6_REF_AUTHOR_IN_USE_409');
  });

  it('answers 400 rule reference on the field for a create or an update naming a record that does not exist', async () => {
    const missing = '01890a5d-ac96-774b-bcce-b302099a8057';
    const created = expectError(await post('/api/v1/g6ref-books', { title: 'Orphan', authorId: missing }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(created, '/body/authorId').rule).to.equal('reference');

    const author = expectSuccess(await post('/api/v1/g6ref-authors', { name: 'Le Guin' }), 201).data as { id: string };
    const book = expectSuccess(await post('/api/v1/g6ref-books', { title: 'The Dispossessed', authorId: author.id }), 201).data as { id: string };
    const updated = expectError(await put(`/api/v1/g6ref-books/${book.id}`, { authorId: missing }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(updated, '/body/authorId').rule).to.equal('reference');
  });

  it('answers the module’s 409 IN_USE for a delete that rows of another table still refer to, and keeps the record', async () => {
    const author = expectSuccess(await post('/api/v1/g6ref-authors', { name: 'Butler' }), 201).data as { id: string };
    const book = expectSuccess(await post('/api/v1/g6ref-books', { title: 'Kindred', authorId: author.id }), 201).data as { id: string };
    expectError(await remove(`/api/v1/g6ref-authors/${author.id}`), 409, 'SYSTEM_G6_REF_AUTHOR_IN_USE_409');
    expectSuccess(await server.http().get(`/api/v1/g6ref-authors/${author.id}`).set('Authorization', ADMIN));

    expectSuccess(await remove(`/api/v1/g6ref-books/${book.id}`));
    expectSuccess(await remove(`/api/v1/g6ref-authors/${author.id}`));
  });

  it('names the module generated before under another id, which still owns the table, when the id changes', async () => {
    const books = (expectSuccess(await api.list({ keyword: 'g6ref_books' })).data as { items: { id: string; version: number }[] }).items[0];
    const renamed = expectSuccess(await api.update(books.id, { version: books.version, moduleId: 'g6ref-library', className: 'LibraryBook' })).data as {
      version: number;
    };
    expect(renamed.version).to.equal(books.version + 1);
    const refused = expectError(await api.generate(books.id), 409, 'GENERATOR_TABLE_OWNED_409');
    expect(detailFor(refused, '/params/id').message).to.include('module "g6ref-books", generated from "g6ref_books" before, owns it');
    expectSuccess(await server.http().get('/api/v1/g6ref-books').set('Authorization', ADMIN));
  });
});
