import { Type, type TSchema } from '@sinclair/typebox';
import { AppError, type ErrorDetail } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';

/** Contract section 8. */
export const PAGE_LIMITS = { defaultPage: 1, defaultPageSize: 20, maxPageSize: 200 } as const;

export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  /** The field as the API names it. */
  field: string;
  /** The entity property it maps to (the route's whitelist says which). */
  property: string;
  direction: SortDirection;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The one pagination helper: what a list handler needs to query one page and answer it. */
export class PageRequest {
  constructor(
    readonly page: number,
    readonly pageSize: number,
    readonly sort: readonly SortOrder[],
  ) {}

  get offset(): number {
    return (this.page - 1) * this.pageSize;
  }

  get limit(): number {
    return this.pageSize;
  }

  /** The sort as a MikroORM `orderBy` (properties only ever come from the whitelist). */
  orderBy(fallback: Record<string, SortDirection> = {}): Record<string, SortDirection> {
    if (this.sort.length === 0) return { ...fallback };
    return Object.fromEntries(this.sort.map((s) => [s.property, s.direction]));
  }

  result<T>(items: T[], total: number): Page<T> {
    return { items, page: this.page, pageSize: this.pageSize, total };
  }

  /** One page of a collection held in memory (the kernel's own catalogues), sorted likewise. */
  slice<T extends object>(all: readonly T[]): Page<T> {
    const sorted = [...all].sort((a, b) => {
      for (const { property, direction } of this.sort) {
        const x = (a as Record<string, unknown>)[property];
        const y = (b as Record<string, unknown>)[property];
        const order = String(x ?? '').localeCompare(String(y ?? ''), 'en', { numeric: true });
        if (order !== 0) return direction === 'asc' ? order : -order;
      }
      return 0;
    });
    return this.result(sorted.slice(this.offset, this.offset + this.limit), all.length);
  }
}

/** Query properties every list route accepts; validated by the route's query schema. */
export function pageQueryProperties(sortFields: readonly string[]) {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, default: PAGE_LIMITS.defaultPage, description: '1-based page number.' })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_LIMITS.maxPageSize, default: PAGE_LIMITS.defaultPageSize, description: 'Items per page (at most 200).' }),
    ),
    sort: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String())], {
        description: `\`<field>,<asc|desc>\`, repeatable. Fields: ${sortFields.join(', ') || '(none)'}.`,
      }),
    ),
  };
}

/** The paginated `data` schema of a list route. */
export function Paginated<T extends TSchema>(item: T) {
  return Type.Object(
    {
      items: Type.Array(item),
      page: Type.Integer({ minimum: 1 }),
      pageSize: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  );
}

/**
 * Reads `page`, `pageSize` (already type-checked by the query schema) and `sort` against the
 * route's whitelist. Client text never becomes a property name: only whitelist values do.
 */
export function parsePageRequest(query: Record<string, unknown>, whitelist: Readonly<Record<string, string>>): PageRequest {
  const page = (query.page as number | undefined) ?? PAGE_LIMITS.defaultPage;
  const pageSize = (query.pageSize as number | undefined) ?? PAGE_LIMITS.defaultPageSize;
  const raw = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  const problems: ErrorDetail[] = [];
  const sort: SortOrder[] = [];
  for (const value of raw as string[]) {
    const [field, direction = 'asc', ...extra] = value.split(',').map((s) => s.trim());
    const property = Object.hasOwn(whitelist, field) ? whitelist[field] : undefined;
    if (property === undefined) {
      const allowed = Object.keys(whitelist);
      problems.push({ field: '/query/sort', rule: 'whitelist', message: `cannot sort by "${field}"; allowed: ${allowed.join(', ') || 'none'}` });
    } else if ((direction !== 'asc' && direction !== 'desc') || extra.length > 0) {
      problems.push({ field: '/query/sort', rule: 'direction', message: `sort direction of "${field}" must be asc or desc` });
    } else if (sort.some((s) => s.field === field)) {
      problems.push({ field: '/query/sort', rule: 'uniqueItems', message: `"${field}" is sorted on twice` });
    } else {
      sort.push({ field, property, direction });
    }
  }
  if (problems.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: problems });
  return new PageRequest(page, pageSize, sort);
}
