import type { OpenNotificationParams } from '@refinedev/core';
import type { ApiHttpError } from '../../../api/http';

/** The codes the generator API checks (modules/generator/README.md), which hide the actions behind them. */
export const GENERATOR_PERMISSIONS = {
  import: 'generator:table:import',
  edit: 'generator:table:edit',
  remove: 'generator:table:remove',
  preview: 'generator:table:preview',
  generate: 'generator:table:generate',
} as const;

export const TS_TYPES = ['string', 'number', 'boolean'] as const;
export const QUERY_OPERATORS = ['eq', 'like', 'gt', 'lt', 'between'] as const;

/** A column of an imported table: what the database says of it, and its settings (the ones a PUT takes). */
export interface GeneratorColumn {
  columnName: string;
  dbType: string;
  nullable: boolean;
  primaryKey: boolean;
  readOnly: boolean;
  supported: boolean;
  comment: string | null;
  label: string;
  tsType: (typeof TS_TYPES)[number];
  list: boolean;
  query: boolean;
  queryOp: (typeof QUERY_OPERATORS)[number];
  form: boolean;
  required: boolean;
  dictCode: string | null;
}

/** An imported table's configuration; the list answers it without `columns`. */
export interface GeneratorTable {
  id: string;
  tableName: string;
  tableComment: string | null;
  moduleId: string;
  moduleName: string;
  className: string;
  resourcePath: string;
  permissionPrefix: string;
  tenantOwned: boolean;
  generatedAt: string | null;
  version: number;
  columns?: GeneratorColumn[];
}

/** A refusal with every reason the API gives (an unsupported table, a module the kernel refused). */
export function refusal(error?: ApiHttpError): OpenNotificationParams {
  return {
    type: 'error',
    message: error?.message ?? '',
    description: error?.details.map((detail) => (detail.field ? `${detail.field}: ${detail.message}` : detail.message)).join('\n'),
  };
}
