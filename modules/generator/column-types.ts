import type { ColumnRole, QueryOperator, TsType } from './templates/generation-plan';
import type { ColumnFacts } from './table-config';
import { unmappableNameReason } from './templates/mapped-names';

/**
 * The PostgreSQL types the templates map, each with the TypeScript types it may be read as
 * (the first is the default: a bigint or numeric as a string loses no digits).
 */
const TS_TYPES_BY_DB_TYPE: Readonly<Record<string, readonly TsType[]>> = {
  int2: ['number'],
  int4: ['number'],
  int8: ['string', 'number'],
  numeric: ['string', 'number'],
  float4: ['number'],
  float8: ['number'],
  bool: ['boolean'],
  varchar: ['string'],
  bpchar: ['string'],
  text: ['string'],
  uuid: ['string'],
  date: ['string'],
  timestamp: ['string'],
  timestamptz: ['string'],
};

const TEXT_TYPES = ['varchar', 'bpchar', 'text'];
const TIME_TYPES = ['date', 'timestamp', 'timestamptz'];
const INTEGER_TYPES = ['int2', 'int4', 'int8'];

export function isSupportedType(dbType: string): boolean {
  return Object.hasOwn(TS_TYPES_BY_DB_TYPE, dbType);
}

/** Whether a generated entity can map the column: a type the templates know, a name MikroORM maps safely. */
export function isMappable(column: ColumnFacts): boolean {
  return isSupportedType(column.dbType) && unmappableNameReason(column.columnName) === undefined;
}

export function tsTypesOf(dbType: string): readonly TsType[] {
  return TS_TYPES_BY_DB_TYPE[dbType] ?? [];
}

/** A primary key of an integer type: the templates make it a string of digits (identifiers are strings). */
export function isIntegerKey(column: { dbType: string; role: ColumnRole }): boolean {
  return column.role === 'id' && INTEGER_TYPES.includes(column.dbType);
}

/** The TypeScript types the column may be read as: its type's, but only `string` for an integer key. */
export function tsTypesOfColumn(column: { dbType: string; role: ColumnRole }): readonly TsType[] {
  return isIntegerKey(column) ? ['string'] : tsTypesOf(column.dbType);
}

export function isTextType(dbType: string): boolean {
  return TEXT_TYPES.includes(dbType);
}

export function isTimeType(dbType: string): boolean {
  return TIME_TYPES.includes(dbType);
}

/** The filters a column's type allows: `like` on text, order comparisons on numbers and times. */
export function operatorsOf(dbType: string, tsType: TsType): QueryOperator[] {
  if (isTextType(dbType)) return ['eq', 'like'];
  if (isTimeType(dbType) || tsType === 'number' || (tsType === 'string' && [...INTEGER_TYPES, 'numeric'].includes(dbType)))
    return ['eq', 'gt', 'lt', 'between'];
  return ['eq'];
}

const CREATED_AT = ['created_at', 'create_time', 'gmt_create'];
const UPDATED_AT = ['updated_at', 'update_time', 'gmt_modified'];

/** What the generated module does with the column: see ColumnRole. */
export function roleOf(column: ColumnFacts): ColumnRole {
  const name = column.columnName.toLowerCase();
  if (column.primaryKey) return 'id';
  if (name === 'version' && ['int2', 'int4'].includes(column.dbType) && !column.nullable) return 'version';
  if (CREATED_AT.includes(name) && ['timestamp', 'timestamptz'].includes(column.dbType)) return 'createdAt';
  if (UPDATED_AT.includes(name) && ['timestamp', 'timestamptz'].includes(column.dbType)) return 'updatedAt';
  return 'field';
}

/**
 * Whether the database or the generated module fills an id: a uuid gets one from the module,
 * an integer with a default (serial) or an identity column from the database. Any other key
 * must come from the client.
 */
export function isGeneratedId(column: ColumnFacts): boolean {
  return column.dbType === 'uuid' || (INTEGER_TYPES.includes(column.dbType) && (column.identity || column.defaultValue !== null));
}

/** A NOT NULL column the client must then send on create (no default fills it). */
export function mustBeSent(column: ColumnFacts & { role: ColumnRole }): boolean {
  if (column.role === 'id') return !isGeneratedId(column);
  if (column.role !== 'field') return false;
  return !column.nullable && column.defaultValue === null && !column.identity;
}
