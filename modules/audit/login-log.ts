import type { Readable } from 'node:stream';
import type { DbCapability, FilterQuery, Page, PageRequest } from '@atrium/kernel';
import type { LoginFilter, LoginView } from './audit.schemas';
import { csvExport, type CsvColumn } from './csv-export';
import type { LogScope } from './log-scope';
import { timeRange, usernameIs } from './filters';
import { LoginRecordEntity, type LoginRecord } from './login-record.entity';

const COLUMNS: readonly CsvColumn[] = [
  { header: 'id', property: 'id' },
  { header: 'at', property: 'at' },
  { header: 'tenantId', property: 'tenantId' },
  { header: 'username', property: 'username' },
  { header: 'userId', property: 'userId' },
  { header: 'ip', property: 'ip' },
  { header: 'userAgent', property: 'userAgent' },
  { header: 'success', property: 'success' },
  { header: 'reason', property: 'reason' },
];

/** The login log, read: a page at a time, or whole as CSV. */
export class LoginLog {
  /** `scope`: where the caller reads (log-scope.ts). */
  constructor(
    private readonly db: DbCapability,
    private readonly scope: LogScope,
  ) {}

  async list(page: PageRequest, filter: LoginFilter): Promise<Page<LoginView>> {
    // Newest first by default; the id (UUID v7, time-ordered) breaks ties so pages never overlap.
    const orderBy = { ...page.orderBy({ at: 'desc' }), id: page.sort.length > 0 ? 'asc' : 'desc' } as const;
    const [rows, total] = await this.scope(() =>
      this.db.em().findAndCount(LoginRecordEntity, where(filter), { orderBy, limit: page.limit, offset: page.offset }),
    );
    return page.result(rows.map(view), total);
  }

  export(filter: LoginFilter): Readable {
    return csvExport({ em: this.db.em().fork(), scope: this.scope, entity: LoginRecordEntity, where: () => where(filter), columns: COLUMNS });
  }
}

function where(filter: LoginFilter): FilterQuery<LoginRecord> {
  return {
    ...usernameIs(filter.username),
    ...(filter.success !== undefined ? { success: filter.success } : {}),
    ...(filter.ip !== undefined ? { ip: filter.ip } : {}),
    ...timeRange(filter.from, filter.to),
  };
}

function view(row: LoginRecord): LoginView {
  return {
    id: row.id,
    tenantId: row.tenantId,
    username: row.username,
    userId: row.userId ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    success: row.success,
    reason: row.reason as LoginView['reason'],
    at: row.at.toISOString(),
  };
}
