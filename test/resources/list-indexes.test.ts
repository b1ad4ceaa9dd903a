import { expect } from 'chai';
import type { Resource } from '../../kernel/resources/define-resource';
import { departments } from '../../modules/departments/department.resource';
import { dictionaryItems } from '../../modules/dictionaries/item.resource';
import { dictionaryTypes } from '../../modules/dictionaries/type.resource';
import { menus } from '../../modules/menus/menu.resource';
import { params } from '../../modules/params/param.resource';
import { posts } from '../../modules/posts/post.resource';
import { roles } from '../../modules/roles/role.resource';
import { schedules } from '../../modules/tasks/schedules/schedule.resource';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The built-in modules' resources. A list the module serves itself (the dictionary items, from a
 * cache) is not read through these indexes, so it is left out.
 */
const RESOURCES = Object.entries({ posts, params, dictionaryTypes, dictionaryItems, schedules, roles, departments, menus } as Record<string, Resource>).filter(
  ([, resource]) => !resource.declaration.omit?.includes('list'),
);

/** An index as the test weighs it: the column it leads with (null for an expression), how, and the predicate of a partial one. */
interface IndexInfo {
  name: string;
  leading: string | null;
  method: string;
  opclass: string;
  predicate: string | null;
}

/** The columns a list reads: those it sorts by, those an equality filter compares, those a contains filter searches. */
interface ListColumns {
  sorted: Set<string>;
  compared: Set<string>;
  searched: Set<string>;
}

function listColumns(resource: Resource, column: (property: string) => string): ListColumns {
  const { sort, filters = {} } = resource.declaration;
  const columns: ListColumns = { sorted: new Set(Object.values(sort).map(column)), compared: new Set(), searched: new Set() };
  for (const [name, filter] of Object.entries(filters)) {
    if (!filter.index) throw new Error(`${resource.declaration.path}: filter ${name} does not say what it reads, so its index cannot be checked`);
    for (const property of filter.index.properties) (filter.index.kind === 'trigram' ? columns.searched : columns.compared).add(column(property));
  }
  return columns;
}

/** What no index serves: a sort needs a full btree index (a partial one lacks rows), an equality one whose predicate the equality implies. */
function unserved({ sorted, compared, searched }: ListColumns, indexes: IndexInfo[]): string[] {
  const btree = (c: string, partialOk: boolean) =>
    indexes.some((i) => i.leading === c && i.method === 'btree' && (i.predicate === null || (partialOk && i.predicate === `(${c} IS NOT NULL)`)));
  const trigram = (c: string) => indexes.some((i) => i.leading === c && i.method === 'gin' && i.opclass === 'gin_trgm_ops');
  return [
    ...[...sorted].filter((c) => !btree(c, false)).map((c) => `btree on ${c} (sort)`),
    ...[...compared].filter((c) => !btree(c, true)).map((c) => `btree on ${c} (filter)`),
    ...[...searched].filter((c) => !trigram(c)).map((c) => `trigram on ${c} (keyword)`),
  ];
}

/**
 * Every sort field and filter of a resource's list is served by an index that leads with its
 * column (after `tenant_id` on a tenant-owned table, whose every list reads one tenant's rows): btree for sorts and equality filters, trigram (gin_trgm_ops) for contains filters. Computed from the declarations, so a sort or
 * filter added without its index fails here, on the embedded database and on PostgreSQL alike.
 */
describe('list indexes: every sort and filter of a resource list has its index', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const sql = <T>(text: string, values: unknown[] = []) => server.sql<T>(text, values);

  async function indexesOf(table: string): Promise<IndexInfo[]> {
    return (await sql(
      `select i.relname as name, a.attname as leading, am.amname as method, coalesce(oc.opcname, '') as opclass,
              pg_get_expr(x.indpred, x.indrelid) as predicate
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_am am on am.oid = i.relam
         join pg_class c on c.oid = x.indrelid
         left join pg_attribute t on t.attrelid = x.indrelid and t.attnum = x.indkey[0]
         left join pg_attribute a on a.attrelid = x.indrelid
               and a.attnum = case when t.attname = 'tenant_id' and c.relforcerowsecurity then x.indkey[1] else x.indkey[0] end
         left join pg_opclass oc on oc.oid = x.indclass[0]
        where x.indrelid = to_regclass(?)`,
      [table],
    )) as IndexInfo[];
  }

  for (const [label, resource] of RESOURCES) {
    it(`${label} (${resource.declaration.path})`, async () => {
      const meta = server.kernel.db.orm.getMetadata().get((resource.entity as { meta: { className: string } }).meta.className);
      const column = (property: string) => meta.properties[property as never].fieldNames[0];
      const missing = unserved(listColumns(resource, column), await indexesOf(meta.tableName));
      expect(missing, `${meta.tableName} lacks`).to.deep.equal([]);
    });
  }
});
