import { expect } from 'chai';
import type { TestServer } from '../support/server';
import { UsersClient, startUsersServer, usernames, type User } from './helpers';

/** `cursor` in, `nextCursor` out: a list that scrolls by keyset, as clients that scroll read it. */
describe('users list: scrolling by cursor', () => {
  let server: TestServer;
  const api = new UsersClient(() => server);
  const NAMES = ['scroll-e', 'scroll-a', 'scroll-g', 'scroll-c', 'scroll-f', 'scroll-b', 'scroll-d'];

  before(async () => {
    server = await startUsersServer();
    // Two nicknames shared by several users: ties the id must break, one way or the other.
    for (const [i, username] of NAMES.entries()) await api.addUser(username, { nickname: i % 2 === 0 ? 'Same' : 'Other' });
  });
  after(() => server?.stop());

  /** Every page of a scroll from an empty cursor to a null one, and the answers' `data`. */
  async function scroll(query: Record<string, unknown>): Promise<{ names: string[]; pages: Array<Record<string, unknown>> }> {
    const names: string[] = [];
    const pages: Array<Record<string, unknown>> = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await api.list({ ...query, keyword: 'scroll-', pageSize: 2, cursor });
      expect(res.status, res.text).to.equal(200);
      pages.push(res.body.data);
      names.push(...usernames(res));
      cursor = res.body.data.nextCursor as string | null;
      expect(pages.length, 'the scroll ends').to.be.at.most(NAMES.length + 1);
    }
    return { names, pages };
  }

  it('returns every user once, in the order pages by offset show them, for the default order and each sort', async () => {
    for (const sort of [undefined, 'username,asc', 'username,desc', 'nickname,asc', 'nickname,desc', 'createdAt,asc', 'updatedAt,desc']) {
      const query = sort ? { sort } : {};
      const { names } = await scroll(query);
      const all = await api.list({ ...query, keyword: 'scroll-', pageSize: 200 });
      expect(names, String(sort)).to.deep.equal(usernames(all));
      expect([...names].sort(), String(sort)).to.deep.equal([...NAMES].sort());
    }
  });

  it('answers the total of the whole list on every page, and nextCursor null after the last row', async () => {
    const { pages } = await scroll({});
    expect(pages.map((p) => p.total)).to.deep.equal(pages.map(() => NAMES.length));
    expect(pages.map((p) => (p.items as User[]).length)).to.deep.equal([2, 2, 2, 1]);
    expect(pages.at(-1)).to.include({ nextCursor: null, page: 1, pageSize: 2 });
  });

  it('keeps its place when rows are added before it: a scroll neither repeats nor skips', async () => {
    const first = await api.list({ keyword: 'scroll-', pageSize: 3, cursor: '' });
    await api.addUser('scroll-new');
    const rest = await api.list({ keyword: 'scroll-', pageSize: 200, cursor: first.body.data.nextCursor });
    expect([...usernames(first), ...usernames(rest)].sort()).to.deep.equal([...NAMES].sort());
    await api.remove(((await api.list({ keyword: 'scroll-new' })).body.data.items as User[])[0].id);
  });

  it('carries no nextCursor on lists asked for by page', async () => {
    const res = await api.list({ keyword: 'scroll-', pageSize: 2 });
    expect(res.body.data).to.have.all.keys('items', 'page', 'pageSize', 'total');
  });

  it('answers 400 VALIDATION_FAILED_400 naming /query/cursor for a cursor it did not give out', async () => {
    const made = (await api.list({ keyword: 'scroll-', pageSize: 2, cursor: '' })).body.data.nextCursor as string;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const { s } = JSON.parse(Buffer.from(made, 'base64url').toString('utf8')) as { s: string };
    for (const cursor of [
      'not a cursor!',
      'bm90IGpzb24',
      forged([1, 2]),
      forged({ s, v: ['2026-02-30 10:00:00+00', '01900000-0000-7000-8000-000000000001'] }),
      forged({ s, v: ["'; drop table users_user; --", '01900000-0000-7000-8000-000000000001'] }),
      forged({ s, v: ['2026-01-01 10:00:00+00', 'not-a-uuid'] }),
      forged({ s, v: ['2026-01-01 10:00:00+00'] }),
    ]) {
      const res = await api.list({ cursor });
      expect(res.status, cursor).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED_400');
      expect(res.body.details[0], cursor).to.include({ field: '/query/cursor', rule: 'format' });
    }
  });

  it('answers 400 naming /query/cursor for a cursor sent with another sort than it was made for, or with two sorts', async () => {
    const made = (await api.list({ keyword: 'scroll-', pageSize: 2, cursor: '' })).body.data.nextCursor as string;
    const other = await api.list({ keyword: 'scroll-', cursor: made, sort: 'username,asc' });
    expect(other.status).to.equal(400);
    expect(other.body.details[0]).to.include({ field: '/query/cursor', rule: 'sort' });
    const two = await api.list({ cursor: '', sort: ['username,asc', 'nickname,desc'] });
    expect(two.status).to.equal(400);
    expect(two.body.details[0]).to.include({ field: '/query/cursor', rule: 'sort' });
  });

  it('answers 400 naming /query/page for a cursor sent with a page other than the first', async () => {
    const res = await api.list({ cursor: '', page: 2 });
    expect(res.status).to.equal(400);
    expect(res.body.details[0]).to.include({ field: '/query/page', rule: 'cursor' });
  });
});
