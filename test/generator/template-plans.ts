/**
 * The plans and tables the crud template's tests render and load: every supported column type,
 * a key the caller chooses, a serial key with names that need quoting, and hostile text.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { GeneratedFile, GenerationPlan } from '../../modules/generator/templates/generation-plan';
import { column, plan, quoted, standardColumns } from './template-support';

/** Books: every supported column type, every filter operator, a dictionary, a unique index. */
export const BOOKS_TABLE = `create table library_books (
  id uuid primary key,
  title varchar(200) not null,
  isbn char(13) not null,
  pages int4,
  price numeric(10, 2) not null default 0,
  genre varchar(32),
  published_on date,
  published_at timestamptz,
  available boolean not null default true,
  weight float8,
  rating float4,
  copies int2 not null default 1,
  stock int8,
  serial_no int8,
  ratio numeric,
  notes text,
  version int4 not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index library_books_isbn_key on library_books (isbn)`;

export function booksPlan(): GenerationPlan {
  const s = standardColumns();
  const optional = { required: false, nullable: true };
  return plan({
    sourceTable: 'library_books',
    moduleId: 'library-books',
    moduleName: 'Library books',
    className: 'Book',
    resourcePath: '/library/books',
    permissionPrefix: 'library:book',
    columns: [
      s.id,
      column('title', 'title', { dbType: 'varchar', length: 200, label: 'Title', comment: 'As printed on the cover', query: true, queryOp: 'like' }),
      column('isbn', 'isbn', { dbType: 'bpchar', length: 13, label: 'ISBN', query: true }),
      column('pages', 'pages', { dbType: 'int4', tsType: 'number', ...optional, query: true, queryOp: 'between' }),
      column('price', 'price', { dbType: 'numeric', tsType: 'number', precision: 10, scale: 2, hasDefault: true, required: false, query: true, queryOp: 'gt' }),
      column('genre', 'genre', { dbType: 'varchar', length: 32, ...optional, dictCode: 'book_genre', query: true }),
      column('published_on', 'publishedOn', { dbType: 'date', ...optional, query: true, queryOp: 'lt' }),
      column('published_at', 'publishedAt', { dbType: 'timestamptz', ...optional }),
      column('available', 'available', { dbType: 'bool', tsType: 'boolean', hasDefault: true, required: false, query: true }),
      column('weight', 'weight', { dbType: 'float8', tsType: 'number', ...optional }),
      column('rating', 'rating', { dbType: 'float4', tsType: 'number', ...optional }),
      column('copies', 'copies', { dbType: 'int2', tsType: 'number', hasDefault: true, required: false }),
      column('stock', 'stock', { dbType: 'int8', tsType: 'number', ...optional }),
      column('serial_no', 'serialNo', { dbType: 'int8', tsType: 'string', ...optional }),
      column('ratio', 'ratio', { dbType: 'numeric', tsType: 'string', ...optional }),
      column('notes', 'notes', { ...optional, list: false }),
      s.version,
      s.createdAt,
      s.updatedAt,
    ],
    uniqueConstraints: [{ name: 'library_books_isbn_key', columns: ['isbn'] }],
  });
}

/** Tags: an id the caller chooses, no version, no timestamps. */
export const TAGS_TABLE = 'create table catalog_tags (code varchar(32) primary key, name text not null)';

export function tagsPlan(): GenerationPlan {
  return plan({
    sourceTable: 'catalog_tags',
    moduleId: 'catalog-tags',
    className: 'CatalogTag',
    resourcePath: '/catalog/tags',
    permissionPrefix: 'catalog:tag',
    columns: [column('code', 'code', { dbType: 'varchar', length: 32, role: 'id' }), column('name', 'name', { query: true, queryOp: 'like' })],
  });
}

/**
 * Ledger entries: a bigserial id, a nullable numeric named `total` (what the list calls the
 * count it reads, unless a column does), a timestamp without time zone, a smallint version.
 */
export const LEDGER_TABLE = `create table ledger_entries (
  id bigserial primary key,
  total numeric(12, 2),
  booked_at timestamp not null default now(),
  memo varchar(100),
  version int2 not null default 1
)`;

export function ledgerPlan(): GenerationPlan {
  return plan({
    sourceTable: 'ledger_entries',
    moduleId: 'ledger-entries',
    className: 'LedgerEntry',
    resourcePath: '/ledger/entries',
    permissionPrefix: 'ledger:entry',
    columns: [
      column('id', 'id', { dbType: 'int8', tsType: 'number', role: 'id', hasDefault: true, form: false }),
      column('total', 'total', {
        dbType: 'numeric',
        tsType: 'number',
        precision: 12,
        scale: 2,
        nullable: true,
        required: false,
        query: true,
        queryOp: 'between',
      }),
      column('booked_at', 'bookedAt', { dbType: 'timestamp', role: 'createdAt', hasDefault: true, form: false }),
      column('memo', 'memo', { dbType: 'varchar', length: 100, nullable: true, required: false }),
      column('version', 'version', { dbType: 'int2', tsType: 'number', role: 'version', hasDefault: true, form: false, list: false }),
    ],
  });
}

/** A file name no test creates: a payload that ran would create it. */
export const SENTINEL = path.join(os.tmpdir(), `atrium-pwned-${crypto.randomBytes(4).toString('hex')}`);

/** Text that would run, close a comment or a literal, or break a line, were it written as it is. */
export const HOSTILE = {
  closer: '*/ process.exit(1) /*',
  quote: `'); require('fs').writeFileSync('${SENTINEL}','x'); ('`,
  template: '`${process.exit(1)}`',
  lineComment: "x\n// process.exit(1)\n'",
  separator: 'a\u2028b\u2029c',
  markup: '</script><script>process.exit(1)</script> | `x` <b>',
  openapi: '/** @openapi\n/api/v1/odd:\n  get:\n    description: injected\n */',
};

/**
 * A table named and commented by someone hostile: names that need quoting, and every label,
 * comment and name holding text that must stay text. Its id is a serial; it has no version.
 */
export const ODD_TABLE_NAME = 'Odd Table */ `${exit(1)}` \u2028 </script>';
export const ODD_COLUMNS = { weird: 'Weird "col"', closer: '*/ exit(1) /*', template: '`${exit(1)}` \u2028 x' };

export function oddPlan(): GenerationPlan {
  return plan({
    sourceTable: ODD_TABLE_NAME,
    moduleId: 'odd-things',
    moduleName: `Odd ${HOSTILE.closer} ${HOSTILE.template}\n// x \u2028`,
    className: 'OddThing',
    resourcePath: '/odd/things',
    permissionPrefix: 'odd:thing',
    columns: [
      column('id', 'id', { dbType: 'int4', tsType: 'number', role: 'id', hasDefault: true, form: false, label: HOSTILE.closer }),
      column(ODD_COLUMNS.weird, 'weird', { label: HOSTILE.quote, comment: Object.values(HOSTILE).join(' | '), query: true, queryOp: 'like' }),
      column(ODD_COLUMNS.closer, 'closer', {
        dbType: 'int4',
        tsType: 'number',
        nullable: true,
        required: false,
        label: HOSTILE.template,
        comment: HOSTILE.lineComment,
        query: true,
      }),
      column(ODD_COLUMNS.template, 'templated', {
        dbType: 'varchar',
        length: 20,
        nullable: true,
        required: false,
        label: HOSTILE.separator,
        comment: HOSTILE.openapi,
      }),
    ],
  });
}

export const ODD_TABLE = `create table ${quoted(ODD_TABLE_NAME)} (
  id serial primary key,
  ${quoted(ODD_COLUMNS.weird)} text not null,
  ${quoted(ODD_COLUMNS.closer)} int4,
  ${quoted(ODD_COLUMNS.template)} varchar(20)
)`;

export const fileOf = (files: readonly GeneratedFile[], name: string) => files.find((f) => f.path === name)!;
