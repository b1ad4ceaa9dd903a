import { isGeneratedId, isMappable, isTextType, isTimeType, mustBeSent, operatorsOf, roleOf, tsTypesOfColumn } from './column-types';
import type { IntrospectedTable } from './introspection';
import { camelCase, firstLine, kebabCase, pascalCase, sentenceCase, singular, words } from './naming';
import type { ConfiguredColumn, TableConfig, UniqueConstraint } from './table-config';
import type { Template } from './templates/generation-plan';
import { tenantOwnershipObstacles } from './tenancy-rules';

/** Names already taken, which a proposal steers clear of. */
export interface TakenNames {
  moduleIds: ReadonlySet<string>;
  entityNames: ReadonlySet<string>;
}

/** Query parameters every list route has: a filter cannot be named like them. */
export const RESERVED_QUERY_NAMES = ['page', 'pageSize', 'sort'];
/** Properties every object has in JavaScript: a field named so would shadow them. */
const OBJECT_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The configuration an import proposes: names derived from the table's, every supported column
 * listed (long text aside), text and flags queryable, what a client writes in the form.
 */
export function proposeConfig(table: IntrospectedTable, template: Template, taken: TakenNames): TableConfig {
  const moduleId = unique(kebabCase(table.tableName, 'table').slice(0, 100).replace(/-+$/, ''), (id) => taken.moduleIds.has(id));
  const tableWords = words(table.tableName);
  const lastWord = singular(tableWords.at(-1) ?? 'record');
  // A class names one record: `library_books` → `LibraryBook`.
  const className = unique(
    pascalCase([...tableWords.slice(0, -1), lastWord].join('_'), 'Table').slice(0, 100),
    (name) => taken.entityNames.has(name) || template.classNameProblem(name) !== undefined,
  );
  return {
    tableName: table.tableName,
    tableComment: table.comment,
    templateId: template.id,
    templateVersion: template.version,
    moduleId,
    moduleName: firstLine(table.comment, 64) ?? [...sentenceCase(table.tableName)].slice(0, 64).join(''),
    className,
    resourcePath: `/${moduleId}`,
    permissionPrefix: `${moduleId}:${/^[a-z]/.test(lastWord) ? lastWord : 'record'}`,
    // Tenant-owned unless it cannot be (tenancy-rules.ts); once it is, it stays.
    tenantOwned: table.tenantOwned || tenantOwnershipObstacles(table.tableName, table.columns).length === 0,
    columns: proposeColumns(table),
    uniqueConstraints: conflictingConstraints(table),
    foreignKeys: table.foreignKeys,
    referencedBy: table.referencedBy,
  };
}

function proposeColumns(table: IntrospectedTable): ConfiguredColumn[] {
  const used = new Set<string>();
  return table.columns.map((facts) => {
    let property = camelCase(facts.columnName, 'column');
    if (OBJECT_NAMES.has(property)) property += 'Value';
    property = unique(property.slice(0, 60), (p) => used.has(p));
    used.add(property);
    const role = roleOf(facts);
    const supported = isMappable(facts);
    const tsType = tsTypesOfColumn({ dbType: facts.dbType, role })[0] ?? 'string';
    const filterable = role === 'field' || role === 'createdAt';
    const queryOp = isTextType(facts.dbType) ? 'like' : isTimeType(facts.dbType) ? 'between' : 'eq';
    // What the database fills (a serial or identity id, a GENERATED ALWAYS column) is no one's to send.
    const form = supported && !facts.readOnly && (role === 'field' || (role === 'id' && !isGeneratedId(facts)));
    return {
      ...facts,
      property,
      role,
      supported,
      label: firstLine(facts.comment, 64) ?? [...sentenceCase(facts.columnName)].slice(0, 64).join(''),
      tsType,
      list: supported && facts.dbType !== 'text',
      query:
        supported &&
        filterable &&
        !RESERVED_QUERY_NAMES.includes(property) &&
        operatorsOf(facts.dbType, tsType).includes(queryOp) &&
        (isTextType(facts.dbType) || facts.dbType === 'bool' || role === 'createdAt'),
      queryOp,
      form,
      required: form && mustBeSent({ ...facts, role }),
      dictCode: null,
    };
  });
}

/** `name`, else `name2`, `name3`… — the first that `taken` does not claim. */
function unique(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  for (let n = 2; ; n += 1) if (!taken(`${name}${n}`)) return `${name}${n}`;
}

/**
 * The constraints a create or an update can run into: the unique indexes, and the primary key
 * when the client chooses the key (two creates racing for one id then get the module's 409).
 */
export function conflictingConstraints(table: IntrospectedTable): UniqueConstraint[] {
  const key = table.columns.find((c) => c.primaryKey);
  const clientKey = key && table.primaryKeyName && !isGeneratedId(key) ? [{ name: table.primaryKeyName, columns: [key.columnName] }] : [];
  return [...clientKey, ...table.uniqueConstraints];
}
