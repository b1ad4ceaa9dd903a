import type { PlannedColumn } from '../generation-plan';

/** What a column's database type makes of it in the entity and in the API. */
export interface ColumnType {
  /** The MikroORM property builder, e.g. `p.string().length(200)` (checked against 6.6.16). */
  builder: string;
  /** The value's TypeScript type in the API (a timestamp travels as an ISO 8601 string). */
  tsType: 'string' | 'number' | 'boolean';
  /** The entity holds a `Date`; the API an ISO 8601 string. */
  timestamp: boolean;
  /** A character column: the one kind `like` filters. */
  text: boolean;
  /**
   * A number the driver reads as a string (numeric, int8), which MikroORM converts for entities
   * only: a row read without building an entity still holds the string.
   */
  stringInRows: boolean;
  /**
   * An integer key, which the API carries as a string of digits (identifiers are strings) and the
   * entity holds as one; rows of the list may still hold it as a number.
   */
  integerKey: boolean;
  /** The TypeBox schema constructor. */
  schema: 'String' | 'Integer' | 'Number' | 'Boolean';
  /** Schema options every value of the column has (its format), as `key: literal` pairs. */
  shape: [string, string][];
  /** Further options a value the API accepts must meet: what the column can store. */
  limits: [string, string][];
}

/** The `udt_name`s a column may have (generation-plan.ts). */
export const DB_TYPES = [
  'uuid',
  'varchar',
  'bpchar',
  'text',
  'int2',
  'int4',
  'int8',
  'numeric',
  'float4',
  'float8',
  'bool',
  'date',
  'timestamp',
  'timestamptz',
];

const INT2 = 32767;
const INT4 = 2147483647;

const INT8 = 9223372036854775807n;

type Kind = Omit<ColumnType, 'builder'>;
const STRING: Kind = { tsType: 'string', timestamp: false, text: true, stringInRows: false, integerKey: false, schema: 'String', shape: [], limits: [] };
const INTEGER: Kind = { tsType: 'number', timestamp: false, text: false, stringInRows: false, integerKey: false, schema: 'Integer', shape: [], limits: [] };
const NUMBER: Kind = { tsType: 'number', timestamp: false, text: false, stringInRows: false, integerKey: false, schema: 'Number', shape: [], limits: [] };
const BOOLEAN: Kind = { tsType: 'boolean', timestamp: false, text: false, stringInRows: false, integerKey: false, schema: 'Boolean', shape: [], limits: [] };

/** The largest value of each integer type a key may have. */
const INTEGER_KEY_MAXIMUM: Readonly<Record<string, bigint>> = { int2: BigInt(INT2), int4: BigInt(INT4), int8: INT8 };

export function columnType(column: PlannedColumn): ColumnType {
  const { dbType, length } = column;
  if (column.role === 'id' && Object.hasOwn(INTEGER_KEY_MAXIMUM, dbType)) return integerKey(dbType);
  switch (dbType) {
    case 'uuid':
      return { ...STRING, builder: 'p.uuid()', text: false, shape: [['format', `'uuid'`]] };
    case 'varchar':
      return { ...STRING, builder: withLength('p.string()', length), limits: maxLength(length) };
    case 'bpchar':
      return { ...STRING, builder: withLength('p.character()', length), limits: maxLength(length) };
    case 'text':
      return { ...STRING, builder: 'p.text()' };
    case 'int2':
      return { ...INTEGER, builder: 'p.smallint()', limits: range(-INT2 - 1, INT2) };
    case 'int4':
      return { ...INTEGER, builder: 'p.integer()', limits: range(-INT4 - 1, INT4) };
    case 'int8':
      // MikroORM's default mode, `bigint`, is no JSON type; numbers are exact up to 2^53 - 1.
      return column.tsType === 'number'
        ? { ...INTEGER, builder: `p.bigint('number')`, stringInRows: true, limits: range(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) }
        : { ...STRING, builder: `p.bigint('string')`, text: false, limits: [['pattern', `'^-?[0-9]{1,18}$'`]] };
    case 'numeric':
      return column.tsType === 'string'
        ? { ...STRING, builder: decimal(column, 'string'), text: false, limits: [['pattern', `'${decimalPattern(column)}'`]] }
        : { ...NUMBER, builder: decimal(column, 'number'), stringInRows: true, limits: decimalRange(column) };
    case 'float4':
      return { ...NUMBER, builder: 'p.float()', limits: range(-3.4e38, 3.4e38) };
    case 'float8':
      // p.double() is typed `string | number` (its values are numbers); a float on a float8
      // column reads the same numbers and is typed as one.
      return { ...NUMBER, builder: `p.float().columnType('float8')` };
    case 'bool':
      return { ...BOOLEAN, builder: 'p.boolean()' };
    case 'date':
      // A `YYYY-MM-DD` string both ways: no time zone can shift it.
      return { ...STRING, builder: 'p.date()', text: false, shape: [['format', `'date'`]] };
    case 'timestamp':
    case 'timestamptz':
      return { ...STRING, builder: 'p.datetime()', timestamp: true, text: false, shape: [['format', `'date-time'`]] };
    default:
      throw new Error(`column type ${dbType} has no mapping`);
  }
}

/**
 * An integer id as a string both ways: MikroORM's bigint type in string mode converts whatever the
 * driver reads (a number for int2 and int4), and the column keeps its own type. The pattern holds
 * a value to the column's range, so a path or body never reaches the database out of range.
 */
function integerKey(dbType: string): ColumnType {
  const builder = dbType === 'int8' ? `p.bigint('string')` : `p.bigint('string').columnType('${dbType === 'int2' ? 'smallint' : 'integer'}')`;
  return { ...STRING, builder, text: false, integerKey: true, limits: [['pattern', `'${integerPattern(INTEGER_KEY_MAXIMUM[dbType])}'`]] };
}

/** A regular expression of the decimal integers from -maximum to maximum, without leading zeros. */
export function integerPattern(maximum: bigint): string {
  const digits = maximum.toString();
  const shorter = digits.length > 1 ? [`[1-9][0-9]{0,${digits.length - 2}}`] : [];
  // As long as the maximum: its first i digits, a smaller one, then any digits.
  const sameLength = [...digits].flatMap((digit, i) => {
    const lowest = i === 0 ? 1 : 0;
    const below = Number(digit) - 1;
    if (below < lowest) return [];
    const rest = digits.length - i - 1;
    return [`${digits.slice(0, i)}[${lowest}-${below}]${rest > 0 ? `[0-9]{${rest}}` : ''}`];
  });
  return `^(0|-?(${[...shorter, ...sameLength, digits].join('|')}))$`;
}

function withLength(builder: string, length: number | null): string {
  return length === null ? builder : `${builder}.length(${length})`;
}

function maxLength(length: number | null): [string, string][] {
  return length === null ? [] : [['maxLength', String(length)]];
}

function range(minimum: number, maximum: number): [string, string][] {
  return [
    ['minimum', String(minimum)],
    ['maximum', String(maximum)],
  ];
}

function decimal(column: PlannedColumn, mode: 'number' | 'string'): string {
  const declared = column.precision === null ? '' : `.precision(${column.precision}).scale(${column.scale ?? 0})`;
  return `p.decimal('${mode}')${declared}`;
}

/** numeric(p, s) holds less than 10^(p - s) either way. */
function decimalRange(column: PlannedColumn): [string, string][] {
  if (column.precision === null) return [];
  const bound = `1e${column.precision - (column.scale ?? 0)}`;
  return [
    ['exclusiveMinimum', `-${bound}`],
    ['exclusiveMaximum', bound],
  ];
}

/** A decimal in plain notation, with at most the digits numeric(p, s) holds on each side. */
function decimalPattern(column: PlannedColumn): string {
  if (column.precision === null) return '^-?[0-9]+(\\\\.[0-9]+)?$';
  const scale = column.scale ?? 0;
  const whole = column.precision - scale > 0 ? `[0-9]{1,${column.precision - scale}}` : '0';
  return scale > 0 ? `^-?${whole}(\\\\.[0-9]{1,${scale}})?$` : `^-?${whole}$`;
}
