import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { codes, rolesClient, startRolesServer } from './helpers';

describe('roles: the list', () => {
  let server: TestServer;
  let api: ReturnType<typeof rolesClient>;
  before(async () => {
    server = await startRolesServer();
    api = rolesClient(server);
    // Created in this order, so newest first is the reverse.
    await api.add('clerk', { name: 'Zeta clerk' });
    await api.add('auditor', { name: 'Alpha auditor', status: 'disabled' });
    await api.add('manager', { name: 'Mid manager' });
    await api.add('bookkeeper', { name: 'Beta books' });
  });
  after(() => server?.stop());

  it('answers a page with items, page, pageSize and total, newest first by default', async () => {
    const data = expectSuccess(await api.list()).data as Record<string, unknown>;
    expect(data).to.include({ page: 1, pageSize: 20, total: 5 });
    expect(codes(await api.list())).to.deep.equal(['bookkeeper', 'manager', 'auditor', 'clerk', 'admin']);
  });

  it('cuts pages with page and pageSize', async () => {
    const first = await api.list({ page: 1, pageSize: 2, sort: 'code,asc' });
    const second = await api.list({ page: 2, pageSize: 2, sort: 'code,asc' });
    const third = await api.list({ page: 3, pageSize: 2, sort: 'code,asc' });
    expect(codes(first)).to.deep.equal(['admin', 'auditor']);
    expect(codes(second)).to.deep.equal(['bookkeeper', 'clerk']);
    expect(codes(third)).to.deep.equal(['manager']);
    expect(third.body.data).to.include({ page: 3, pageSize: 2, total: 5 });
  });

  it('sorts by code, name and createdAt, either way', async () => {
    expect(codes(await api.list({ sort: 'name,asc' }))).to.deep.equal(['admin', 'auditor', 'bookkeeper', 'manager', 'clerk']);
    expect(codes(await api.list({ sort: 'code,desc' }))).to.deep.equal(['manager', 'clerk', 'bookkeeper', 'auditor', 'admin']);
    expect(codes(await api.list({ sort: 'createdAt,asc' }))).to.deep.equal(['admin', 'clerk', 'auditor', 'manager', 'bookkeeper']);
  });

  it('answers 400 naming /query/sort for a field off the whitelist or a bad direction', async () => {
    detailFor(expectError(await api.list({ sort: 'status,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'data_scope,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'code,up' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
  });

  it('answers 400 for a pageSize over 200 or a page under 1, and for an unknown filter', async () => {
    detailFor(expectError(await api.list({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
    detailFor(expectError(await api.list({ page: 0 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
    detailFor(expectError(await api.list({ dataScope: 'all' }), 400, 'VALIDATION_FAILED_400'), '/query/dataScope');
  });

  it('filters by keyword in the code or the name, whatever its case, LIKE characters matched as themselves', async () => {
    expect(codes(await api.list({ keyword: 'AUDIT' }))).to.deep.equal(['auditor']);
    expect(codes(await api.list({ keyword: 'books' }))).to.deep.equal(['bookkeeper']);
    expect(codes(await api.list({ keyword: 'a', sort: 'code,asc' }))).to.deep.equal(['admin', 'auditor', 'bookkeeper', 'clerk', 'manager']);
    expect(codes(await api.list({ keyword: '%' }))).to.deep.equal([]);
  });

  it('filters by status', async () => {
    expect(codes(await api.list({ status: 'disabled' }))).to.deep.equal(['auditor']);
    const active = await api.list({ status: 'active' });
    expect(active.body.data.total).to.equal(4);
    detailFor(expectError(await api.list({ status: 'gone' }), 400, 'VALIDATION_FAILED_400'), '/query/status');
  });
});
