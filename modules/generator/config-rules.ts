import type { ErrorDetail, ModuleContext } from '@atrium/kernel';
import { isGeneratedId, isIntegerKey, mustBeSent, operatorsOf, tsTypesOfColumn } from './column-types';
import { RESERVED_QUERY_NAMES } from './proposal';
import type { ConfiguredColumn, TableConfig } from './table-config';
import { tenancyProblems } from './tenancy-rules';
import { findTemplate, TEMPLATES } from './templates/registry';

/** What the rules need to know beyond the configuration itself. */
export interface RuleContext {
  /** Entity names mapped by modules other than the one this configuration generates. */
  otherEntityNames: ReadonlySet<string>;
  /** Where each column's settings came from in the request (`/body/columns/2`), by column name. */
  columnPointer(columnName: string): string;
  /**
   * The module other than the one this configuration generates that owns a permission prefix,
   * menu path or route prefix (`ownerOutside`): the kernel would refuse the module for it.
   */
  ownerOf(name: OwnedName): string | null;
}

type OwnedName = { permission: string } | { menuPath: string } | { routePath: string };

/**
 * Who owns a name (`ctx.kernel.names.nameOwner`), leaving out the module this configuration generates:
 * under its id, or under an earlier one generated from the same table — generating then answers
 * GENERATOR_TABLE_OWNED_409, which says what to do.
 */
export function ownerOutside(kernel: ModuleContext['kernel'], config: TableConfig): (name: OwnedName) => string | null {
  return (name) => {
    const owner = kernel.names.nameOwner(name, config.moduleId);
    return owner !== null && kernel.modules.get(owner)?.generation?.sourceTable === config.tableName ? null : owner;
  };
}

/** Routes of generated modules live under plain lowercase segments: one to four of them. */
const RESOURCE_PATH = /^(\/[a-z0-9][a-z0-9-]*){1,4}$/;
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/;

/**
 * Every way a configuration could not make a working module, beyond the manifest's own rules
 * (manifest-rules.ts): a template that exists, routes the kernel can serve, names that clash with
 * no running module, and columns whose settings the template can honour.
 */
export function configProblems(config: TableConfig, context: RuleContext): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const problem = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  if (!findTemplate(config.templateId, config.templateVersion)) {
    const offered = TEMPLATES.filter((t) => t.id === config.templateId).map((t) => t.version);
    const known = TEMPLATES.map((t) => `${t.id} ${t.version}`).join(', ');
    // A configuration made with an earlier version is moved on by its owner, never silently: a
    // new major version changes the API that the module's clients see.
    problem(
      '/body/templateVersion',
      'template',
      offered.length > 0
        ? `template ${config.templateId} ${config.templateVersion} is no longer offered: set templateVersion to ${offered.join(' or ')} to edit, preview or generate (read what the new version changes for the module's clients)`
        : `no template ${config.templateId} ${config.templateVersion}; known: ${known}`,
    );
  }
  if (!RESOURCE_PATH.test(config.resourcePath)) {
    problem('/body/resourcePath', 'pattern', 'must be 1 to 4 segments of lowercase letters, digits and hyphens, each after a /, like /library/books');
  }
  if (context.otherEntityNames.has(config.className)) {
    problem('/body/className', 'unique', `another module already maps an entity named ${config.className}`);
  }
  problems.push(...ownershipProblems(config, context), ...tenancyProblems(config));
  const filterNames = new Map<string, string>();
  for (const column of config.columns) {
    const at = context.columnPointer(column.columnName);
    for (const [field, rule, message] of columnProblems(column)) problem(`${at}/${field}`, rule, message);
    if (!column.query) continue;
    const names = column.queryOp === 'between' ? [`${column.property}From`, `${column.property}To`] : [column.property];
    for (const name of names) {
      if (RESERVED_QUERY_NAMES.includes(name)) problem(`${at}/query`, 'reserved', `its filter parameter would be "${name}", which lists use for paging`);
      const other = filterNames.get(name);
      if (other) problem(`${at}/query`, 'unique', `its filter parameter "${name}" is also column ${other}'s`);
      filterNames.set(name, column.columnName);
    }
  }
  if (!config.columns.some((c) => c.role === 'id' && c.supported)) {
    problem('/body/columns', 'primaryKey', 'the table needs a single-column primary key of a supported type');
  }
  return problems;
}

/**
 * Names another module owns, each with its owner (as the kernel would refuse them at load): the
 * permission prefix, the resource path as a menu path, and as a route prefix.
 */
function ownershipProblems(config: TableConfig, context: RuleContext): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const owned = (field: string, owner: string | null, message: (owner: string) => string) => {
    if (owner !== null) problems.push({ field, rule: 'owned', message: message(owner), owner });
  };
  const { permissionPrefix, resourcePath } = config;
  owned(
    '/body/permissionPrefix',
    context.ownerOf({ permission: `${permissionPrefix}:list` }),
    (owner) => `"${permissionPrefix}" is the permission prefix of module "${owner}"`,
  );
  owned(
    '/body/resourcePath',
    context.ownerOf({ menuPath: resourcePath }),
    (owner) => `the menu path ${resourcePath} is module "${owner}"'s or under one of its menus`,
  );
  owned(
    '/body/resourcePath',
    context.ownerOf({ routePath: resourcePath }),
    (owner) => `routes under ${resourcePath} would be in the route prefix of module "${owner}"`,
  );
  return problems;
}

type ColumnProblem = [field: string, rule: string, message: string];

function columnProblems(column: ConfiguredColumn): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  if (!column.supported) {
    if (column.list || column.query || column.form || column.required || column.dictCode !== null) {
      problems.push(['list', 'unsupported', `the column cannot be mapped (its type or its name): it is left out of the module`]);
    }
    return problems;
  }
  const tsTypes = tsTypesOfColumn(column);
  if (!tsTypes.includes(column.tsType)) {
    problems.push([
      'tsType',
      'enum',
      isIntegerKey(column)
        ? `an integer key travels as a string of digits: its tsType is "string"`
        : `a ${column.dbType} column reads as ${tsTypes.join(' or ')}`,
    ]);
  }
  const operators = operatorsOf(column.dbType, column.tsType);
  if (column.query && !operators.includes(column.queryOp))
    problems.push(['queryOp', 'enum', `a ${column.dbType} column is filtered by ${operators.join(', ')}`]);
  if (column.query && !['field', 'createdAt', 'updatedAt', 'id'].includes(column.role)) problems.push(['query', 'role', 'the version column is not a filter']);
  if (column.readOnly) {
    // GENERATED ALWAYS: the database refuses any value for it, so no body may carry one.
    if (column.form) problems.push(['form', 'readOnly', 'the database alone writes the column (GENERATED ALWAYS): it cannot be in the form']);
  } else if (column.role === 'id') {
    const generated = isGeneratedId(column);
    if (column.form === generated) {
      problems.push([
        'form',
        'primaryKey',
        generated ? 'the key is generated: it cannot be in the form' : 'the key has no default: the client sends it, so it must be in the form',
      ]);
    }
  } else if (column.role !== 'field' && column.form) {
    problems.push(['form', 'role', `the module sets the ${column.role} column itself`]);
  }
  if (mustBeSent(column) && !(column.form && column.required)) {
    problems.push(['required', 'notNull', 'the column is NOT NULL without a default: it must be in the form and required']);
  }
  if (column.required && !column.form) problems.push(['required', 'form', 'only a form column can be required']);
  if (column.dictCode !== null) {
    if (!DICT_CODE.test(column.dictCode)) problems.push(['dictCode', 'pattern', 'a dictionary code starts with a letter, then letters, digits, _ . : or -']);
    if (column.tsType === 'boolean') problems.push(['dictCode', 'type', 'a boolean column cannot be tied to a dictionary']);
  }
  return problems;
}
