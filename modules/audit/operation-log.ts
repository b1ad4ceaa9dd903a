import type { Readable } from 'node:stream';
import { notFound, type DbCapability, type FilterQuery, type Page, type PageRequest } from '@atrium/kernel';
import type { OperationDetail, OperationFilter, OperationView } from './audit.schemas';
import { csvExport, type CsvColumn } from './csv-export';
import type { LogScope } from './log-scope';
import { timeRange, usernameIs } from './filters';
import { OperationRecordEntity, type OperationRecordRow } from './operation-record.entity';

const COLUMNS: readonly CsvColumn[] = [
  { header: 'id', property: 'id' },
  { header: 'at', property: 'at' },
  { header: 'tenantId', property: 'tenantId' },
  { header: 'traceId', property: 'traceId' },
  { header: 'userId', property: 'userId' },
  { header: 'username', property: 'username' },
  { header: 'moduleId', property: 'moduleId' },
  { header: 'permission', property: 'permission' },
  { header: 'method', property: 'method' },
  { header: 'path', property: 'path' },
  { header: 'status', property: 'status' },
  { header: 'durationMs', property: 'durationMs' },
  { header: 'ip', property: 'ip' },
  { header: 'userAgent', property: 'userAgent' },
];

/** The operation log, read: a page at a time, one record whole, or all of them as CSV. */
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

  export(filter: OperationFilter): Readable {
    return csvExport({ em: this.db.em().fork(), scope: this.scope, entity: OperationRecordEntity, where: () => where(filter), columns: COLUMNS });
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
