/**
 * What every test of the generator's HTTP API starts from: the same tables, made afresh, and no
 * configuration. Tests alter and drop tables and import them, so each one gets its own copy of
 * this state instead of inheriting what the tests before it left: any of them runs alone, or in
 * any order, with the same result.
 */
import { expectSuccess } from '../http/helpers';
import type { TestServer } from '../support/server';
import { itemsOf, sql, type GeneratorApi, type TableView } from './helpers';

const TABLES = [
  `create table g6api_book (
    id uuid primary key,
    title varchar(120) not null,
    pages int,
    in_print boolean not null default true,
    summary text,
    price numeric(10, 2),
    genre varchar(20),
    created_at timestamptz not null default now(),
    updated_at timestamptz,
    version int not null default 1,
    isbn varchar(20)
  )`,
  'create unique index g6api_book_isbn_key on g6api_book (isbn)',
  `comment on table g6api_book is 'Books of the library'`,
  `comment on column g6api_book.title is 'Title of the book\nthe second line is not a label'`,
  'create table g6api_nokey (name text)',
  'create table g6api_pair (a int, b int, primary key (a, b))',
  'create table g6api_blob (id serial primary key, payload jsonb not null)',
  'create table g6api_loose (id serial primary key, page int, tags text[], note text, made date, made_from int)',
  'create table g6api_shelf (id serial primary key, name varchar(40) not null, floor int, note text)',
  'create table g6api_gone (id bigserial primary key, name text)',
  'create table "G6api Book" (id uuid primary key, name text)',
  'create table "Audit" (id uuid primary key, name text)',
];

const TABLE_NAMES = 'g6api_book, g6api_nokey, g6api_pair, g6api_blob, g6api_loose, g6api_shelf, g6api_gone, "G6api Book", "Audit"';

/** Forgets every imported configuration, then drops and makes the tables again. */
export async function freshTables(server: TestServer, api: GeneratorApi): Promise<void> {
  for (const table of itemsOf<TableView>(await api.list({ pageSize: 200 }))) expectSuccess(await api.remove(table.id));
  await sql(server, `drop table if exists ${TABLE_NAMES}`);
  for (const statement of TABLES) await sql(server, statement);
}

/** The names and column settings the edit tests give g6api_book, and the preview tests expect. */
export const LIBRARY_SETTINGS = {
  className: 'LibraryBook',
  moduleName: 'Library books',
  resourcePath: '/library/books',
  permissionPrefix: 'library:book',
  columns: [
    { columnName: 'title', label: 'Book title' },
    { columnName: 'pages', query: true, queryOp: 'gt' },
    { columnName: 'summary', list: true, query: false },
    { columnName: 'price', tsType: 'number' },
  ],
};
