import { Type, type TLiteral, type TNull, type TOptional, type TSchema, type TString, type TUnion } from '@sinclair/typebox';
import { AppError, type ErrorDetail } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import type { PageTotal } from '../db/page-total';

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
  /** Exact, unless `totalIsEstimate` says it is the planner's estimate (kernel/db/page-total.ts). */
  total: number;
  /** Present (and true) only when `total` is an estimate: counting exactly would scan too much. */
  totalIsEstimate?: true;
  /** On lists that scroll by keyset (kernel/http/keyset-cursor.ts): the next page's `cursor`, null after the last. */
  nextCursor?: string | null;
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

  /**
   * The page as the API answers it. With offsets, an estimated total is made consistent with the
   * page: a page shorter than `pageSize` (and not past the end) is the last, so the total is then
   * exact; a full page puts a floor under it, an empty one past the end a ceiling. A page after a
   * cursor (`nextCursor` given) says nothing of the rows before it, so its estimate stands.
   */
  result<T>(items: T[], total: number | PageTotal, extra: { nextCursor?: string | null } = {}): Page<T> {
    const page: Page<T> = { items, page: this.page, pageSize: this.pageSize, total: typeof total === 'number' ? total : total.total };
    if (typeof total !== 'number' && total.estimate) {
      page.totalIsEstimate = true;
      if (extra.nextCursor === undefined) this.boundEstimate(page);
    }
    if (extra.nextCursor !== undefined) page.nextCursor = extra.nextCursor;
    return page;
  }

  private boundEstimate(page: Page<unknown>): void {
    const found = page.items.length;
    if (this.isLast(found)) {
      page.total = this.offset + found;
      delete page.totalIsEstimate;
    } else if (found === 0) page.total = Math.min(page.total, this.offset);
    else page.total = Math.max(page.total, this.offset + found);
  }

  /** Whether a page of `found` rows at this offset is the last one, so that its end is the total. */
  isLast(found: number): boolean {
    return found < this.limit && (found > 0 || this.offset === 0);
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
        // The whitelist as data, for clients that draw sortable columns (the console).
        'x-sort-fields': [...sortFields],
      }),
    ),
  };
}

/**
 * The `cursor` query property of a list that scrolls by keyset (kernel/http/keyset-cursor.ts): a
 * list route that takes one adds it to its query schema.
 */
export const CursorQuery = {
  cursor: Type.Optional(
    Type.String({
      maxLength: 2048,
      description:
        'Scroll by keyset instead of by page: empty for the first page, then each answer’s `nextCursor`, with the same sort and filters. Replaces `page`; the answer then carries `nextCursor`.',
    }),
  ),
};

/**
 * The paginated `data` schema of a list route. A list whose total comes from pageTotal() says
 * `estimated` (its answers may carry `totalIsEstimate`); one that takes CursorQuery says `cursor`
 * (they may carry `nextCursor`). A list held in memory says neither: it always counts exactly.
 */
export function Paginated<T extends TSchema>(item: T, may: { estimated?: boolean; cursor?: boolean } = {}) {
  const properties = {
    items: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0, description: may.estimated ? 'Every item the filters match; an estimate when `totalIsEstimate` is true.' : undefined }),
    ...(may.estimated
      ? {
          totalIsEstimate: Type.Optional(
            Type.Literal(true, {
              description:
                'Present only when `total` is the database planner’s estimate: the exact count would scan more rows than the server counts per request.',
            }),
          ),
        }
      : {}),
    ...(may.cursor
      ? {
          nextCursor: Type.Optional(
            Type.Union([Type.String(), Type.Null()], { description: 'When a `cursor` was sent: the `cursor` of the next page; null after the last.' }),
          ),
        }
      : {}),
  };
  // Both optional fields typed as present-or-absent whichever the list declares, so a handler's
  // Page<T> fits every list's schema.
  return Type.Object(properties as typeof properties & PageExtras, { additionalProperties: false });
}

type PageExtras = {
  totalIsEstimate: TOptional<TLiteral<true>>;
  nextCursor: TOptional<TUnion<[TString, TNull]>>;
};

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

const DEFAULT_PAGE = new PageRequest(PAGE_LIMITS.defaultPage, PAGE_LIMITS.defaultPageSize, []);

/** The page a route's validated query asks for: a list route's, else the first page of the default size. */
export function routePage(route: { list?: { sort: Readonly<Record<string, string>> } }, query: Record<string, unknown>): PageRequest {
  return route.list ? parsePageRequest(query, route.list.sort) : DEFAULT_PAGE;
}
