import { expect } from 'chai';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer } from '../support/server';
import { detailFor, expectError, expectSuccess } from '../http/helpers';

interface Post {
  id: string;
  code: string;
  name: string;
  sort: number;
  status: 'active' | 'disabled';
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NO_SUCH = '01890a5d-ac96-774b-bcce-b302099a8057';

describe('posts', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ modulePaths: [fixture('post-directory-probe')] });
  });
  after(() => server?.stop());

  const http = () => server.http();
  const list = (query: Record<string, unknown> = {}, token = ADMIN) => http().get('/api/v1/posts').query(query).set('Authorization', token);
  const read = (id: string, token = ADMIN) => http().get(`/api/v1/posts/${id}`).set('Authorization', token);
  const create = (body: Record<string, unknown>, token = ADMIN) => http().post('/api/v1/posts').set('Authorization', token).send(body);
  const update = (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`/api/v1/posts/${id}`).set('Authorization', token).send(body);
  const remove = (id: string, query: Record<string, unknown> = {}, token = ADMIN) =>
    http().delete(`/api/v1/posts/${id}`).query(query).set('Authorization', token);
  const add = async (code: string, name: string, extra: Record<string, unknown> = {}): Promise<Post> => {
    const res = await create({ code, name, ...extra });
    expect(res.status, res.text).to.equal(201);
    return res.body.data as Post;
  };
  const codes = async (query: Record<string, unknown>) => (expectSuccess(await list(query)).data as { items: Post[] }).items.map((p) => p.code);

  describe('create and read', () => {
    it('creates a post: 201 with a UUID v7 id, version 1, defaults and timestamps', async () => {
      const data = expectSuccess(await create({ code: 'CEO', name: ' Chief executive ' }), 201).data as Post;
      expect(data).to.include({ code: 'CEO', name: 'Chief executive', sort: 0, status: 'active', remark: null, version: 1 });
      expect(data.id).to.match(UUID_V7);
      expect(data.updatedAt).to.equal(data.createdAt);
      expect(Object.keys(data).sort()).to.deep.equal(['code', 'createdAt', 'id', 'name', 'remark', 'sort', 'status', 'updatedAt', 'version']);
      expect(expectSuccess(await read(data.id)).data).to.deep.equal(data);
    });

    it('keeps the sort, status and remark sent', async () => {
      const post = await add('cfo', 'Chief financial officer', { sort: 2, status: 'disabled', remark: 'vacant' });
      expect(post).to.include({ sort: 2, status: 'disabled', remark: 'vacant' });
    });

    it('refuses an undeclared property, a code with spaces, a blank name and a negative sort', async () => {
      detailFor(expectError(await create({ code: 'X1', name: 'X', salary: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/salary');
      detailFor(expectError(await create({ code: 'has space', name: 'X' }), 400, 'VALIDATION_FAILED_400'), '/body/code');
      detailFor(expectError(await create({ code: 'X2', name: '  ' }), 400, 'VALIDATION_FAILED_400'), '/body/name');
      detailFor(expectError(await create({ code: 'X3', name: 'X', sort: -1 }), 400, 'VALIDATION_FAILED_400'), '/body/sort');
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a post that does not exist', async () => {
      expectError(await read(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await update(NO_SUCH, { name: 'X', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await remove(NO_SUCH), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('authentication and permissions', () => {
    it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
      expectError(await http().get('/api/v1/posts'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await http().post('/api/v1/posts').send({ code: 'A', name: 'A' }), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
      const post = await add('guarded', 'Guarded');
      const reader = tokenFor('reader', ['system:post:list', 'system:post:query']);
      expectSuccess(await list({}, reader));
      expectSuccess(await read(post.id, reader));
      expectError(await create({ code: 'nope', name: 'Nope' }, reader), 403, 'PERM_DENIED_403');
      expectError(await update(post.id, { name: 'Nope', version: 1 }, reader), 403, 'PERM_DENIED_403');
      expectError(await remove(post.id, {}, reader), 403, 'PERM_DENIED_403');
      expectError(await list({}, tokenFor('nobody', [])), 403, 'PERM_DENIED_403');
    });

    it('is not narrowed by a data scope: the permissions are global', async () => {
      const post = await add('unscoped', 'Unscoped');
      const scoped = tokenFor('scoped', ['system:post:query'], { rowScope: { all: false, deptIds: [], ownerId: null } });
      expectSuccess(await read(post.id, scoped));
    });
  });

  describe('update and delete', () => {
    it('changes the fields sent, keeps the others and moves the version on', async () => {
      const post = await add('hr', 'Human resources', { sort: 3, remark: 'people' });
      const data = expectSuccess(await update(post.id, { name: 'People', remark: null, version: 1 })).data as Post;
      expect(data).to.include({ code: 'hr', name: 'People', sort: 3, remark: null, version: 2 });
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to a stale version, and keeps the post', async () => {
      const post = await add('ops', 'Operations');
      expectSuccess(await update(post.id, { name: 'Ops', version: 1 }));
      detailFor(expectError(await update(post.id, { name: 'Late', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      expect((await read(post.id)).body.data).to.include({ name: 'Ops', version: 2 });
      detailFor(expectError(await update(post.id, { name: 'No version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
    });

    it('deletes: 200 with {}; with ?version=, a stale one is 409', async () => {
      const post = await add('temp', 'Temporary');
      expectSuccess(await update(post.id, { sort: 1, version: 1 }));
      detailFor(expectError(await remove(post.id, { version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expect(expectSuccess(await remove(post.id, { version: 2 })).data).to.deep.equal({});
      expectError(await read(post.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('codes are unique whatever their case', () => {
    it('answers 409 SYSTEM_POST_DUPLICATED_409 for a taken code, on create and on update', async () => {
      await add('SE', 'Software engineer');
      detailFor(expectError(await create({ code: 'se', name: 'Another' }), 409, 'SYSTEM_POST_DUPLICATED_409'), '/body/code');
      const other = await add('QA', 'Quality');
      expectError(await update(other.id, { code: 'Se', version: 1 }), 409, 'SYSTEM_POST_DUPLICATED_409');
    });

    it('gives exactly one 201 to ten concurrent creates of the same code', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create({ code: 'RACE', name: `Racer ${i}` })));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      expect(results.filter((r) => r.status !== 201).map((r) => r.body.code)).to.deep.equal(Array(9).fill('SYSTEM_POST_DUPLICATED_409'));
      expect(await codes({ keyword: 'race' })).to.deep.equal(['RACE']);
    });
  });

  describe('the list', () => {
    before(async () => {
      await add('L-b', 'Listed bravo', { sort: 2 });
      await add('L-a', 'Listed alpha', { sort: 2, status: 'disabled' });
      await add('L-c', 'Listed 100%', { sort: 1 });
    });

    it('answers a page with items, page, pageSize and total; by default ordered by sort, then code', async () => {
      const data = expectSuccess(await list({ keyword: 'listed' })).data as Record<string, unknown>;
      expect(data).to.include({ page: 1, pageSize: 20, total: 3 });
      expect((data.items as Post[]).map((p) => p.code)).to.deep.equal(['L-c', 'L-a', 'L-b']);
    });

    it('filters by keyword on the code or the name, and by status', async () => {
      expect(await codes({ keyword: 'l-A' })).to.deep.equal(['L-a']);
      expect(await codes({ keyword: 'BRAVO' })).to.deep.equal(['L-b']);
      expect(await codes({ keyword: '100%' })).to.deep.equal(['L-c']);
      expect(await codes({ keyword: 'listed', status: 'disabled' })).to.deep.equal(['L-a']);
    });

    it('sorts by code, name, sort and createdAt, and pages', async () => {
      expect(await codes({ keyword: 'listed', sort: 'code,desc' })).to.deep.equal(['L-c', 'L-b', 'L-a']);
      expect(await codes({ keyword: 'listed', sort: 'createdAt,asc' })).to.deep.equal(['L-b', 'L-a', 'L-c']);
      expect(await codes({ keyword: 'listed', sort: ['sort,desc', 'createdAt,desc'] })).to.deep.equal(['L-a', 'L-b', 'L-c']);
      expect(await codes({ keyword: 'listed bravo', sort: 'name,asc' })).to.deep.equal(['L-b']);
      const second = expectSuccess(await list({ keyword: 'listed', sort: 'createdAt,asc', page: 2, pageSize: 2 })).data as { items: Post[]; total: number };
      expect(second.items.map((p) => p.code)).to.deep.equal(['L-c']);
      expect(second.total).to.equal(3);
    });

    it('answers 400 for a sort off the whitelist, a pageSize over 200 and a page under 1', async () => {
      detailFor(expectError(await list({ sort: 'remark,asc' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await list({ sort: 'code,up' }), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await list({ pageSize: 201 }), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
      detailFor(expectError(await list({ page: 0 }), 400, 'VALIDATION_FAILED_400'), '/query/page');
      detailFor(expectError(await list({ color: 'red' }), 400, 'VALIDATION_FAILED_400'), '/query/color');
    });
  });

  describe('posts.PostDirectory', () => {
    it('answers, once each, the ids that name no post', async () => {
      const post = await add('directory', 'Listed in the directory');
      const res = await http()
        .get('/api/v1/post-directory-probe')
        .query({ ids: [post.id, NO_SUCH, post.id, NO_SUCH, 'not-an-id'].join(',') })
        .set('Authorization', ADMIN);
      expect(expectSuccess(res).data).to.deep.equal({ missing: [NO_SUCH, 'not-an-id'] });
    });
  });
});
