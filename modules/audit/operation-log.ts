import { notFound, type DbCapability, type FilterQuery, type Page, type PageRequest } from '@atrium/kernel';
import type { OperationDetail, OperationFilter, OperationView } from './audit.schemas';
import { logBatches, loggedTotal } from './log-batches';
import { OPERATION_COLUMNS } from './log-columns';
import type { LogScope } from './log-scope';
import { timeRange, usernameIs } from './filters';
import { OperationRecordEntity, type OperationRecordRow } from './operation-record.entity';

/** The operation log, read: a page at a time, one record whole, or all of them for an export. */
export class OperationLog {
  /** `scope`: where the caller reads (log-scope.ts). */
  constructor(
    private readonly db: DbCapability,
    private readonly scope: LogScope,
  ) {}

  async list(page: PageRequest, filter: OperationFilter): Promise<Page<OperationView>> {
    // Newest first by default; the id (UUID v7, time-ordered) breaks ties so pages never overlap.
    const orderBy = { ...page.orderBy({ at: 'desc' }), id: page.sort.length > 0 ? 'asc' : 'desc' } as const;
    const [rows, total] = await this.scope(() =>
      this.db.em().findAndCount(OperationRecordEntity, where(filter), { orderBy, limit: page.limit, offset: page.offset }),
    );
    return page.result(rows.map(view), total);
  }

  async get(id: string): Promise<OperationDetail> {
    const row = await this.scope(() => this.db.em().findOne(OperationRecordEntity, { id }));
    if (!row) throw notFound('operation record', id);
    return { ...view(row), userAgent: row.userAgent, body: row.body ?? null, changes: row.changes };
  }

  /** How many records the filters select: exactly while at most `limit`, past it an estimate. */
  total(filter: OperationFilter, limit: number): Promise<number> {
    return loggedTotal(this.db.em(), this.scope, OperationRecordEntity, where(filter), limit);
  }

  /** Every record the filters select, newest first, a batch at a time, for the spreadsheet writer. */
  batches(filter: OperationFilter): AsyncIterable<Record<string, unknown>[]> {
    const properties = OPERATION_COLUMNS.map((column) => column.path[0]);
    return logBatches({ em: this.db.em().fork(), scope: this.scope, entity: OperationRecordEntity, where: () => where(filter), properties });
  }
}

function where(filter: OperationFilter): FilterQuery<OperationRecordRow> {
  const exact = { userId: filter.userId, moduleId: filter.moduleId, status: filter.status, method: filter.method, traceId: filter.traceId };
  return {
    ...Object.fromEntries(Object.entries(exact).filter(([, value]) => value !== undefined)),
    ...usernameIs(filter.username),
    ...timeRange(filter.from, filter.to),
  };
}

function view(row: OperationRecordRow): OperationView {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId ?? null,
    username: row.username ?? null,
    credential: row.credential ?? null,
    moduleId: row.moduleId ?? null,
    permission: row.permission ?? null,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    traceId: row.traceId,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}
