import { type DbCapability, type FilterQuery, type Page, type PageRequest } from '@atrium/kernel';
import type { LoginFilter, LoginView } from './audit.schemas';
import { logBatches, loggedTotal } from './log-batches';
import { LOGIN_COLUMNS } from './log-columns';
import type { LogScope } from './log-scope';
import { timeRange, usernameIs } from './filters';
import { LoginRecordEntity, type LoginRecord } from './login-record.entity';

/** The login log, read: a page at a time, or whole for an export. */
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

  /** How many records the filters select: exactly while at most `limit`, past it an estimate. */
  total(filter: LoginFilter, limit: number): Promise<number> {
    return loggedTotal(this.db.em(), this.scope, LoginRecordEntity, where(filter), limit);
  }

  /** Every record the filters select, newest first, a batch at a time, for the spreadsheet writer. */
  batches(filter: LoginFilter): AsyncIterable<Record<string, unknown>[]> {
    const properties = LOGIN_COLUMNS.map((column) => column.path[0]);
    return logBatches({ em: this.db.em().fork(), scope: this.scope, entity: LoginRecordEntity, where: () => where(filter), properties });
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
