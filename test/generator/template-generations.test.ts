import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { crudTemplate } from '../../modules/generator/templates/crud';
import type { GeneratedFile } from '../../modules/generator/templates/generation-plan';
import { expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { BOOKS_TABLE, LEDGER_TABLE, booksPlan } from './template-plans';
import { writeModule } from './template-support';

/** What crud 2.0.0 wrote for ledgerPlan(), kept as it was written: a module of an earlier generation. */
const CRUD_2_LEDGER: GeneratedFile[] = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'crud-2.0.0-ledger-entries.json'), 'utf8'));

/**
 * The crud template 3.0.0 over generations: the list's indexes come with the module and follow
 * its regenerations, and a module an earlier version wrote is still served as it was.
 */
describe("the generator's crud template: list indexes and earlier generations", () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-generations-')));
    server = await startTestServer();
    for (const table of [BOOKS_TABLE, LEDGER_TABLE]) await sql(table);
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const sql = (text: string) => server.sql(text);
  const indexes = async () =>
    (await sql(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'library_books' order by indexname`)) as {
      name: string;
      definition: string;
    }[];
  const http = () => server.http();

  it('indexes the columns the list sorts and filters on: btree, and trigram for a contains filter', async () => {
    await server.kernel.loadModule(writeModule(root, 'library-books', crudTemplate.render(booksPlan())));
    const found = await indexes();
    expect(found.find((i) => i.name === 'library_books_title_list_trgm')?.definition).to.match(/using gin \(title gin_trgm_ops\)/i);
    expect(found.map((i) => i.name)).to.include.members(['library_books_title_list_idx', 'library_books_pages_list_idx', 'library_books_created_at_list_idx']);
    // The unique index already leads with isbn; notes is neither listed nor filtered.
    expect(found.map((i) => i.name)).to.not.include('library_books_isbn_list_idx');
    expect(found.map((i) => i.name)).to.not.include('library_books_notes_list_idx');
    expect(
      (expectSuccess(await http().get('/api/v1/library/books').query({ title: 'x' }).set('Authorization', ADMIN)).data as { total: number }).total,
    ).to.equal(0);
  });

  it('drops, when generated again, the list indexes the module no longer needs, and no other index', async () => {
    await sql('create index library_books_pages_by_hand on library_books (pages)');
    const plan = booksPlan();
    plan.columns = plan.columns.map((c) => (c.property === 'pages' ? { ...c, list: false, query: false } : c));
    await server.kernel.loadModule(writeModule(root, 'library-books', crudTemplate.render(plan)));
    const names = (await indexes()).map((i) => i.name);
    expect(names).to.not.include('library_books_pages_list_idx');
    expect(names).to.include.members([
      'library_books_pages_by_hand',
      'library_books_title_list_trgm',
      'library_books_title_list_idx',
      'library_books_isbn_key',
    ]);
  });

  it('serves a module crud 2.0.0 wrote, as 2.0.0 wrote it: integer keys as strings, its own list', async () => {
    expect(JSON.parse(CRUD_2_LEDGER.find((f) => f.path === 'manifest.json')!.content).generation).to.include({ templateVersion: '2.0.0' });
    await server.kernel.loadModule(writeModule(root, 'ledger-entries', CRUD_2_LEDGER));
    const LEDGER = '/api/v1/ledger/entries';
    const created = expectSuccess(await http().post(LEDGER).set('Authorization', ADMIN).send({ total: 12.5, memo: 'tea' }), 201).data as { id: string };
    expect(created).to.include({ total: 12.5, memo: 'tea', version: 1 });
    expect(created.id).to.match(/^[1-9][0-9]*$/);
    expect(expectSuccess(await http().get(`${LEDGER}/${created.id}`).set('Authorization', ADMIN)).data).to.deep.equal(created);
    const page = expectSuccess(await http().get(LEDGER).query({ totalFrom: 10 }).set('Authorization', ADMIN)).data as { items: unknown[]; total: number };
    expect(page).to.deep.include({ items: [created], total: 1 });
    const summary = expectSuccess(await http().get('/api/v1/system/modules/ledger-entries').set('Authorization', ADMIN)).data as { generation: object };
    expect(summary.generation).to.include({ templateId: 'crud', templateVersion: '2.0.0' });
  });
});
