/** What the generator's API tests share: its routes over HTTP, tables made with SQL, and a look at the generated-modules folder. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { bytesOrJson, expectSuccess } from '../http/helpers';
import { ADMIN, type TestServer } from '../support/server';

/** Every permission of the generator module. */
export const GENERATOR_PERMISSIONS = [
  'generator:table:list',
  'generator:table:query',
  'generator:table:import',
  'generator:table:edit',
  'generator:table:remove',
  'generator:table:preview',
  'generator:table:generate',
];

/** An id no imported table has. */
export const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

export interface ColumnView {
  columnName: string;
  dbType: string;
  nullable: boolean;
  defaultValue: string | null;
  identity: boolean;
  readOnly: boolean;
  length: number | null;
  precision: number | null;
  scale: number | null;
  primaryKey: boolean;
  comment: string | null;
  property: string;
  role: 'id' | 'version' | 'createdAt' | 'updatedAt' | 'field';
  supported: boolean;
  label: string;
  tsType: 'string' | 'number' | 'boolean';
  list: boolean;
  query: boolean;
  queryOp: 'eq' | 'like' | 'gt' | 'lt' | 'between';
  form: boolean;
  required: boolean;
  dictCode: string | null;
}

export interface TableView {
  id: string;
  tableName: string;
  tableComment: string | null;
  templateId: string;
  templateVersion: string;
  moduleId: string;
  moduleName: string;
  className: string;
  resourcePath: string;
  permissionPrefix: string;
  tenantOwned: boolean;
  generatedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  columns: ColumnView[];
  uniqueConstraints: { name: string; columns: string[] }[];
}

export interface Generated {
  moduleId: string;
  replaced: boolean;
  files: string[];
  table: TableView;
}

export interface GeneratedFile {
  path: string;
  content: string;
}

/** Runs SQL on the server's database, outside any request. */
export async function sql(server: TestServer, text: string): Promise<Record<string, unknown>[]> {
  return server.sql(text);
}

/** A string as an SQL literal: quotes doubled. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The generator's routes, as `token` (ADMIN unless told otherwise). */
export function generatorApi(server: TestServer) {
  const http = () => server.http();
  const base = '/api/v1/generator';
  return {
    templates: (query: Record<string, unknown> = {}, token = ADMIN) => http().get(`${base}/templates`).query(query).set('Authorization', token),
    available: (query: Record<string, unknown> = {}, token = ADMIN) => http().get(`${base}/tables/available`).query(query).set('Authorization', token),
    list: (query: Record<string, unknown> = {}, token = ADMIN) => http().get(`${base}/tables`).query(query).set('Authorization', token),
    import: (body: Record<string, unknown>, token = ADMIN) => http().post(`${base}/tables`).set('Authorization', token).send(body),
    read: (id: string, token = ADMIN) => http().get(`${base}/tables/${id}`).set('Authorization', token),
    update: (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`${base}/tables/${id}`).set('Authorization', token).send(body),
    sync: (id: string, query: Record<string, unknown>, token = ADMIN) => http().post(`${base}/tables/${id}/sync`).query(query).set('Authorization', token),
    remove: (id: string, query: Record<string, unknown> = {}, token = ADMIN) => http().delete(`${base}/tables/${id}`).query(query).set('Authorization', token),
    preview: (id: string, token = ADMIN) => http().get(`${base}/tables/${id}/preview`).set('Authorization', token),
    download: (id: string, token = ADMIN) =>
      http()
        .get(`${base}/tables/${id}/download`)
        .set('Authorization', token)
        .buffer(true)
        .parse(bytesOrJson as never),
    generate: (id: string, token = ADMIN) => http().post(`${base}/tables/${id}/generate`).set('Authorization', token),
  };
}

export type GeneratorApi = ReturnType<typeof generatorApi>;

/** Imports `tableName` and expects 201: the configuration proposed. */
export async function imported(api: GeneratorApi, tableName: string): Promise<TableView> {
  return expectSuccess(await api.import({ tableName }), 201).data as TableView;
}

/** Changes the configuration (sending the version read) and expects 200. */
export async function updated(api: GeneratorApi, table: TableView, change: Record<string, unknown>): Promise<TableView> {
  return expectSuccess(await api.update(table.id, { version: table.version, ...change })).data as TableView;
}

/** Generates and expects 200: what was written. */
export async function generated(api: GeneratorApi, id: string): Promise<Generated> {
  return expectSuccess(await api.generate(id)).data as Generated;
}

export async function previewed(api: GeneratorApi, id: string): Promise<GeneratedFile[]> {
  return (expectSuccess(await api.preview(id)).data as { files: GeneratedFile[] }).files;
}

/** Every table name `GET /generator/tables/available` lists, page after page. */
export async function availableNames(api: GeneratorApi, query: Record<string, unknown> = {}): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page += 1) {
    const data = expectSuccess(await api.available({ ...query, page, pageSize: 200 })).data as { items: { tableName: string }[]; total: number };
    names.push(...data.items.map((t) => t.tableName));
    if (names.length >= data.total || data.items.length === 0) return names;
  }
}

export function column(table: TableView, columnName: string): ColumnView {
  const found = table.columns.find((c) => c.columnName === columnName);
  expect(found, `column ${columnName} of ${table.tableName}`).to.not.equal(undefined);
  return found!;
}

/** `columns` settings of a PUT, addressed by column name. */
export function columnIndex(table: TableView, columnName: string): number {
  const index = table.columns.findIndex((c) => c.columnName === columnName);
  expect(index, `column ${columnName} of ${table.tableName}`).to.not.equal(-1);
  return index;
}

/** `<DATA_DIR>/generated-modules`, the default GENERATED_MODULES_DIR. */
export function generatedModulesDir(server: TestServer): string {
  return path.join(server.dataDir, 'generated-modules');
}

/** Every file under `dir` (recursively, links not followed), relative to it with `/`; [] when it does not exist. */
export function filesUnder(dir: string, skip: (relative: string) => boolean = () => false): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skip(child)) continue;
      if (entry.isDirectory()) walk(child);
      else found.push(child);
    }
  };
  walk('');
  return found.sort();
}

/** Entries of the generated-modules folder left by an interrupted or unfinished write. */
export function leftovers(server: TestServer): string[] {
  const root = generatedModulesDir(server);
  return fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name.startsWith('.staging-') || name.startsWith('.previous-')) : [];
}

/** The `data.items` of a list answer. */
export function itemsOf<T>(res: Response): T[] {
  return (expectSuccess(res).data as { items: T[] }).items;
}
