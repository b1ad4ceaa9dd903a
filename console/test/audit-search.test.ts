import { describe, expect, it } from 'vitest';
import { filterQuery } from '../src/api/data-provider';
import { queryString } from '../src/api/http';
import { auditFilters } from '../src/pages/custom/audit/audit-search';

const instant = (iso: string) => ({ toISOString: () => iso });

describe('the audit logs’ filters', () => {
  it('sends the time range as from and to, and the other filters under their names', () => {
    const filters = auditFilters({ username: 'alice', success: false, at: [instant('2026-01-01T00:00:00.000Z'), instant('2026-01-02T00:00:00.000Z')] });
    expect(queryString(filterQuery(filters))).toBe('?username=alice&success=false&from=2026-01-01T00%3A00%3A00.000Z&to=2026-01-02T00%3A00%3A00.000Z');
  });

  it('leaves out what the form left empty, and a cleared range', () => {
    expect(queryString(filterQuery(auditFilters({ username: undefined, at: null })))).toBe('');
    expect(queryString(filterQuery(auditFilters({ status: 409 })))).toBe('?status=409');
  });
});
