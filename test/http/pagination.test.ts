import { expect } from 'chai';
import { ADMIN, type TestServer } from '../support/server';
import { ITEMS, type EchoItem } from '../fixtures/modules/test-echo/items';
import { detailFor, expectError, expectSuccess, startEchoServer } from './helpers';

interface Page {
  items: EchoItem[];
  page: number;
  pageSize: number;
  total: number;
}

describe('HTTP pagination, sorting and filters', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer();
  });
  after(() => server.stop());

  const list = (query: string) => server.http().get(`/api/v1/echo/items${query}`).set('Authorization', ADMIN);
  const page = async (query: string): Promise<Page> => expectSuccess(await list(query)).data as Page;
  const invalid = async (query: string, field: string): Promise<string | undefined> =>
    detailFor(expectError(await list(query), 400, 'VALIDATION_FAILED_400'), field).rule;

  it('answers data as { items, page, pageSize, total } and nothing else', async () => {
    const data = await page('');
    expect(data).to.have.all.keys('items', 'page', 'pageSize', 'total');
    expect(data.items[0]).to.have.all.keys('id', 'name', 'kind', 'rank', 'createdAt');
  });

  it('defaults to page 1 of 20', async () => {
    const data = await page('');
    expect(data).to.include({ page: 1, pageSize: 20, total: ITEMS.length });
    expect(data.items.map((i) => i.id)).to.deep.equal(ITEMS.slice(0, 20).map((i) => i.id));
  });

  it('answers the requested page: page 2 of 20 holds the last 5 of 25', async () => {
    const data = await page('?page=2&pageSize=20');
    expect(data).to.include({ page: 2, pageSize: 20, total: 25 });
    expect(data.items.map((i) => i.id)).to.deep.equal(ITEMS.slice(20).map((i) => i.id));
  });

  it('answers an empty page past the end, with the total', async () => {
    expect(await page('?page=9')).to.deep.equal({ items: [], page: 9, pageSize: 20, total: 25 });
  });

  it('accepts pageSize 200, the maximum', async () => {
    expect(await page('?pageSize=200')).to.include({ pageSize: 200, total: 25 });
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/pageSize when pageSize is 201', async () => {
    expect(await invalid('?pageSize=201', '/query/pageSize')).to.equal('maximum');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/pageSize when pageSize is 0', async () => {
    expect(await invalid('?pageSize=0', '/query/pageSize')).to.equal('minimum');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/page when page is 0', async () => {
    expect(await invalid('?page=0', '/query/page')).to.equal('minimum');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/page when page is negative', async () => {
    expect(await invalid('?page=-1', '/query/page')).to.equal('minimum');
  });

  it('answers 400 VALIDATION_FAILED_400 naming the parameter when page or pageSize is not an integer', async () => {
    expect(await invalid('?page=abc', '/query/page')).to.equal('type');
    expect(await invalid('?pageSize=1.5', '/query/pageSize')).to.equal('type');
    expect(await invalid('?page=', '/query/page')).to.equal('type');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/page when page is sent twice', async () => {
    expect(await invalid('?page=1&page=2', '/query/page')).to.equal('type');
  });

  it('sorts by a whitelisted field, ascending when no direction is given', async () => {
    const data = await page('?sort=name');
    expect(data.items.map((i) => i.name)).to.deep.equal(
      ITEMS.map((i) => i.name)
        .sort()
        .slice(0, 20),
    );
  });

  it('sorts descending with <field>,desc', async () => {
    const data = await page('?sort=name,desc&pageSize=200');
    expect(data.items.map((i) => i.name)).to.deep.equal(
      ITEMS.map((i) => i.name)
        .sort()
        .reverse(),
    );
  });

  it('applies several sorts in the order given: sort=rank,asc&sort=name,desc', async () => {
    const data = await page('?sort=rank,asc&sort=name,desc&pageSize=200');
    const expected = [...ITEMS].sort((a, b) => a.rank - b.rank || b.name.localeCompare(a.name)).map((i) => i.id);
    expect(data.items.map((i) => i.id)).to.deep.equal(expected);
    const reversed = await page('?sort=name,desc&sort=rank,asc&pageSize=200');
    expect(reversed.items.map((i) => i.id)).to.not.deep.equal(expected);
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/sort for a field off the whitelist', async () => {
    expect(await invalid('?sort=kind,asc', '/query/sort')).to.equal('whitelist');
    expect(await invalid('?sort=password_hash,asc', '/query/sort')).to.equal('whitelist');
    expect(await invalid(`?sort=${encodeURIComponent('name; drop table users')},asc`, '/query/sort')).to.equal('whitelist');
    expect(await invalid('?sort=__proto__,asc', '/query/sort')).to.equal('whitelist');
    expect(await invalid('?sort=', '/query/sort')).to.equal('whitelist');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/sort for a direction other than asc or desc', async () => {
    expect(await invalid('?sort=name,up', '/query/sort')).to.equal('direction');
    expect(await invalid('?sort=name,ASC', '/query/sort')).to.equal('direction');
    expect(await invalid('?sort=name,asc,desc', '/query/sort')).to.equal('direction');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/sort when a field is sorted on twice', async () => {
    expect(await invalid('?sort=name,asc&sort=name,desc', '/query/sort')).to.equal('uniqueItems');
  });

  it('names each bad sort in its own detail', async () => {
    const body = expectError(await list('?sort=kind,asc&sort=name,up'), 400, 'VALIDATION_FAILED_400');
    expect(body.details.map((d) => d.rule)).to.deep.equal(['whitelist', 'direction']);
  });

  it('filters by a declared query parameter, the total counting the filtered items', async () => {
    const data = await page('?kind=tool&pageSize=200');
    expect(data.total).to.equal(ITEMS.filter((i) => i.kind === 'tool').length);
    expect(data.items.every((i) => i.kind === 'tool')).to.equal(true);
    expect((await page('?keyword=an&sort=name')).items.map((i) => i.name)).to.deep.equal(['anvil', 'banana', 'mango', 'orange']);
  });

  it('answers 400 VALIDATION_FAILED_400 naming the filter, in one detail listing the allowed values, for a value outside its enum', async () => {
    const body = expectError(await list('?kind=vegetable'), 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.deep.equal([{ field: '/query/kind', rule: 'enum', message: 'must be one of "fruit", "tool"' }]);
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/<name> with rule additionalProperties for an unknown query parameter', async () => {
    expect(await invalid('?colour=red', '/query/colour')).to.equal('additionalProperties');
  });

  it('closes the query of a route that declares none: any parameter is refused', async () => {
    const body = expectError(await server.http().get('/api/v1/echo/ping?debug=1'), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(body, '/query/debug').rule).to.equal('additionalProperties');
  });

  it("pages the kernel's own catalogues the same way (GET /system/error-codes)", async () => {
    const res = await server.http().get('/api/v1/system/error-codes?pageSize=3&page=2&sort=code,desc');
    const data = expectSuccess(res).data as { items: { code: string }[]; page: number; pageSize: number; total: number };
    expect(data).to.include({ page: 2, pageSize: 3 });
    expect(data.items).to.have.length(3);
    expect(expectError(await server.http().get('/api/v1/system/error-codes?pageSize=201'), 400, 'VALIDATION_FAILED_400').details[0].field).to.equal(
      '/query/pageSize',
    );
  });
});
