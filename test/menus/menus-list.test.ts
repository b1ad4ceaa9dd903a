import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { menusClient, startMenusServer, titles } from './helpers';

describe('menus: the list', () => {
  let server: TestServer;
  let api: ReturnType<typeof menusClient>;
  before(async () => {
    server = await startMenusServer();
    api = menusClient(server);
    // Created in this order; all titles hold "Lst" so a keyword picks them out of the module menus.
    await api.add('Lst Delta', { sort: 2 });
    await api.add('Lst Alpha', { sort: 3, type: 'directory' });
    await api.add('Lst Charlie', { sort: 1, visible: false });
    await api.add('Lst Bravo', { sort: 2, type: 'button' });
    // No "Lst" here: found only through its translation.
    await api.add('Echo', { sort: 4, titles: { zh: '回声报表' } });
  });
  after(() => server?.stop());

  it('answers a page with items, page, pageSize and total, by sort then title by default', async () => {
    const res = await api.list({ keyword: 'lst' });
    expect(expectSuccess(res).data).to.include({ page: 1, pageSize: 20, total: 4 });
    expect(titles(res)).to.deep.equal(['Lst Charlie', 'Lst Bravo', 'Lst Delta', 'Lst Alpha']);
  });

  it('cuts pages with page and pageSize', async () => {
    expect(titles(await api.list({ keyword: 'lst', page: 1, pageSize: 3, sort: 'title,asc' }))).to.deep.equal(['Lst Alpha', 'Lst Bravo', 'Lst Charlie']);
    const second = await api.list({ keyword: 'lst', page: 2, pageSize: 3, sort: 'title,asc' });
    expect(titles(second)).to.deep.equal(['Lst Delta']);
    expect(second.body.data).to.include({ page: 2, pageSize: 3, total: 4 });
  });

  it('sorts by title, sort and createdAt, either way', async () => {
    expect(titles(await api.list({ keyword: 'lst', sort: 'title,desc' }))).to.deep.equal(['Lst Delta', 'Lst Charlie', 'Lst Bravo', 'Lst Alpha']);
    expect(titles(await api.list({ keyword: 'lst', sort: ['sort,desc', 'title,asc'] }))).to.deep.equal(['Lst Alpha', 'Lst Bravo', 'Lst Delta', 'Lst Charlie']);
    expect(titles(await api.list({ keyword: 'lst', sort: 'createdAt,asc' }))).to.deep.equal(['Lst Delta', 'Lst Alpha', 'Lst Charlie', 'Lst Bravo']);
  });

  it('answers 400 naming /query/sort for a field off the whitelist or a bad direction', async () => {
    detailFor(expectError(await api.list({ sort: 'path,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'module_id,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await api.list({ sort: 'title,sideways' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
  });

  it('answers 400 for a pageSize over 200 and for an unknown filter', async () => {
    detailFor(expectError(await api.list({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
    detailFor(expectError(await api.list({ parentId: 'x' }), 400, 'VALIDATION_FAILED_400'), '/query/parentId');
  });

  it('filters by keyword in the title, whatever its case', async () => {
    expect(titles(await api.list({ keyword: 'ALPHA' }))).to.deep.equal(['Lst Alpha']);
    expect(titles(await api.list({ keyword: 'lst_' }))).to.deep.equal([]);
  });

  it('filters by keyword in a translated title too, and not by the names of the languages', async () => {
    expect(titles(await api.list({ keyword: '声报' }))).to.deep.equal(['Echo']);
    expect(titles(await api.list({ keyword: 'zh' }))).to.deep.equal([]);
  });

  it('filters by type and by visible', async () => {
    expect(titles(await api.list({ keyword: 'lst', type: 'button' }))).to.deep.equal(['Lst Bravo']);
    expect(titles(await api.list({ keyword: 'lst', type: 'directory' }))).to.deep.equal(['Lst Alpha']);
    expect(titles(await api.list({ keyword: 'lst', visible: false }))).to.deep.equal(['Lst Charlie']);
    expect(titles(await api.list({ keyword: 'lst', visible: true, sort: 'title,asc' }))).to.deep.equal(['Lst Alpha', 'Lst Bravo', 'Lst Delta']);
    detailFor(expectError(await api.list({ type: 'link' }), 400, 'VALIDATION_FAILED_400'), '/query/type');
  });

  it('filters by the module that declares them', async () => {
    const res = await api.list({ moduleId: 'menu-probe' });
    expect(titles(res)).to.deep.equal(['Probe reports', 'Probe charts']);
    expect((res.body.data.items as { moduleId: string }[]).every((m) => m.moduleId === 'menu-probe')).to.equal(true);
    expect(titles(await api.list({ moduleId: 'no-such-module' }))).to.deep.equal([]);
  });
});
