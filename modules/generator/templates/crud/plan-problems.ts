import type { GenerationPlan } from '../generation-plan';
import { unmappableNameReason } from '../mapped-names';
import { DB_TYPES, columnType } from './column-types';
import { filterProblems } from './filters';
import { capitalised } from './naming';

/**
 * What in a plan this template cannot turn into a working module, one line each. The generator
 * validates plans before rendering; these are the rules of this template's own making.
 */
export function planProblems(plan: GenerationPlan): string[] {
  const problems: string[] = [];
  const tableReason = unmappableNameReason(plan.sourceTable);
  if (tableReason) problems.push(`table ${JSON.stringify(plan.sourceTable)}: the name ${tableReason}`);
  for (const column of plan.columns) {
    const reason = unmappableNameReason(column.columnName);
    if (reason) problems.push(`column ${JSON.stringify(column.columnName)}: the name ${reason}`);
    if (!DB_TYPES.includes(column.dbType)) problems.push(`column ${column.property}: type ${column.dbType} has no mapping`);
  }
  if (problems.length > 0) return problems;

  const reserved = reservedNameReason(plan.className);
  if (reserved) problems.push(`class name ${plan.className}: ${reserved}`);
  const count = (role: string) => plan.columns.filter((c) => c.role === role).length;
  if (count('id') !== 1) problems.push(`the table needs exactly one id column, not ${count('id')}`);
  for (const role of ['version', 'createdAt', 'updatedAt']) if (count(role) > 1) problems.push(`only one column can be the ${role}`);
  for (const column of plan.columns) {
    const type = columnType(column);
    if (column.role === 'version' && type.schema !== 'Integer') problems.push(`column ${column.property}: a version is an integer, not ${column.dbType}`);
    if (column.role === 'version' && column.nullable) problems.push(`column ${column.property}: a version cannot be null`);
    if (column.role === 'field' && !column.form && !column.nullable && !column.hasDefault) {
      problems.push(`column ${column.property}: a create must send it (not null, no default), so it must be in the form`);
    }
    if (column.readOnly && column.form)
      problems.push(`column ${column.property}: the database alone writes it (GENERATED ALWAYS), so it cannot be in the form`);
    if ((column.role === 'createdAt' || column.role === 'updatedAt') && !type.timestamp) {
      problems.push(`column ${column.property}: ${column.role} is a timestamp, not ${column.dbType}`);
    }
  }
  for (const unique of plan.uniqueConstraints) {
    const unmapped = unique.columns.filter((name) => !plan.columns.some((c) => c.columnName === name));
    if (unmapped.length > 0 || unique.columns.length === 0) problems.push(`unique index ${JSON.stringify(unique.name)}: its columns must all be mapped`);
  }
  for (const key of plan.foreignKeys) {
    const unmapped = key.columns.filter((name) => !plan.columns.some((c) => c.columnName === name));
    if (unmapped.length > 0 || key.columns.length === 0) problems.push(`foreign key ${JSON.stringify(key.name)}: its columns must all be mapped`);
  }
  return [...problems, ...filterProblems(plan.columns)];
}

/** Names the generated files import, next to which the class's own type is declared. */
const IMPORTED = ['AppError', 'DictionariesApi', 'ErrorDetail', 'InferEntity', 'KernelErrors', 'ListIndexesMigration', 'ModuleContext', 'Type'];
/** TypeScript's own types: a class named so would hide them from the generated code. */
const TYPESCRIPT_TYPES = [
  'Awaited',
  'Capitalize',
  'ConstructorParameters',
  'Exclude',
  'Extract',
  'InstanceType',
  'Lowercase',
  'NonNullable',
  'Omit',
  'Parameters',
  'Partial',
  'Pick',
  'PropertyKey',
  'Readonly',
  'ReadonlyArray',
  'Record',
  'Required',
  'ReturnType',
  'ThisType',
  'Uncapitalize',
  'Uppercase',
];

/** Why the class's type would shadow a name the generated code relies on, or undefined. */
export function reservedNameReason(className: string): string | undefined {
  const type = capitalised(className);
  if (Object.getOwnPropertyNames(globalThis).includes(type)) return `${type} is a JavaScript global the generated code would hide`;
  if (TYPESCRIPT_TYPES.includes(type)) return `${type} is a TypeScript type the generated code would hide`;
  if (IMPORTED.includes(type)) return `${type} is a name the generated code imports`;
  return undefined;
}
