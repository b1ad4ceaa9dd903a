import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { departmentsClient, names, startDepartmentsServer, type Department } from './helpers';

describe('departments: the list', () => {
  let server: TestServer;
  let api: ReturnType<typeof departmentsClient>;
  let parent: Department;
  before(async () => {
    server = await startDepartmentsServer();
    api = departmentsClient(server);
    parent = await api.add('Listing');
    // Created in this order, so creation order differs from name and sort order.
    await api.add('Charlie', parent.id, { sort: 1 });
    await api.add('alpha', parent.id, { sort: 2 });
    await api.add('Bravo', parent.id, { sort: 1, status: 'disabled' });
    await api.add('Delta_1', parent.id, { sort: 0 });
    await api.add('Delta%2', parent.id, { sort: 3 });
  });
  after(() => server?.stop());

  it('answers a page with items, page, pageSize and total; by default ordered by sort, then name', async () => {
    const res = await api.list({ parentId: parent.id });
    const data = expectSuccess(res).data as Record<string, unknown>;
    expect(data).to.have.all.keys('items', 'page', 'pageSize', 'total');
    expect(data).to.include({ page: 1, pageSize: 20, total: 5 });
    expect(names(res)).to.deep.equal(['Delta_1', 'Bravo', 'Charlie', 'alpha', 'Delta%2']);
  });

  it('cuts pages with page and pageSize, the total counting every match', async () => {
    const first = await api.list({ parentId: parent.id, pageSize: 2, sort: 'createdAt,asc' });
    const third = await api.list({ parentId: parent.id, pageSize: 2, page: 3, sort: 'createdAt,asc' });
    expect(names(first)).to.deep.equal(['Charlie', 'alpha']);
    expect(names(third)).to.deep.equal(['Delta%2']);
    expect(third.body.data).to.include({ page: 3, pageSize: 2, total: 5 });
  });

  it('sorts by the whitelisted fields name, sort and createdAt, in either direction', async () => {
    expect(names(await api.list({ parentId: parent.id, sort: 'createdAt,desc' }))).to.deep.equal(['Delta%2', 'Delta_1', 'Bravo', 'alpha', 'Charlie']);
    expect(names(await api.list({ parentId: parent.id, sort: ['sort,desc', 'createdAt,asc'] }))).to.deep.equal([
      'Delta%2',
      'alpha',
      'Charlie',
      'Bravo',
      'Delta_1',
    ]);
    // Only names whose order no collation disputes (case and punctuation sort differently in each).
    const byName = async (direction: string) => names(await api.list({ parentId: parent.id, sort: `name,${direction}` })).filter((n) => /^[BC]/.test(n));
    expect(await byName('asc')).to.deep.equal(['Bravo', 'Charlie']);
    expect(await byName('desc')).to.deep.equal(['Charlie', 'Bravo']);
  });

  it('answers 400 naming /query/sort for a field off the whitelist or a bad direction', async () => {
    detailFor(expectError(await api.list({ sort: 'status,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'parent_id,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'name,sideways' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
  });

  it('answers 400 for a pageSize over 200, a page under 1 and a non-integer page', async () => {
    detailFor(expectError(await api.list({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
    detailFor(expectError(await api.list({ page: 0 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
    detailFor(expectError(await api.list({ page: 'two' }), 400, 'VALIDATION_FAILED_400'), '/query/page');
    expectSuccess(await api.list({ pageSize: 200 }));
  });

  it('filters by keyword (part of the name, any case, % and _ as themselves), status and parentId', async () => {
    expect(names(await api.list({ parentId: parent.id, keyword: 'ALPH' }))).to.deep.equal(['alpha']);
    expect(names(await api.list({ parentId: parent.id, keyword: '_' }))).to.deep.equal(['Delta_1']);
    expect(names(await api.list({ parentId: parent.id, keyword: '%' }))).to.deep.equal(['Delta%2']);
    expect(names(await api.list({ parentId: parent.id, status: 'disabled' }))).to.deep.equal(['Bravo']);
    const roots = (await api.list({ keyword: 'Listing' })).body.data;
    expect(roots.total).to.equal(1);
  });

  it('refuses an unknown query parameter and a malformed filter', async () => {
    detailFor(expectError(await api.list({ owner: 'me' }), 400, 'VALIDATION_FAILED_400'), '/query/owner');
    detailFor(expectError(await api.list({ parentId: 'not-a-uuid' }), 400, 'VALIDATION_FAILED_400'), '/query/parentId');
    detailFor(expectError(await api.list({ status: 'gone' }), 400, 'VALIDATION_FAILED_400'), '/query/status');
  });
});
