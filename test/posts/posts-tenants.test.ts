import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';

/**
 * Posts are tenant-owned (migrations/0003-tenant-owned.ts): the kit's list, read, update and
 * delete of one tenant never reach another's post, whose id answers 404 as one that never was.
 */
const TENANT_A = '01900000-0000-7000-8000-0000000000a2';
const TENANT_B = '01900000-0000-7000-8000-0000000000b2';
const PERMISSIONS = ['system:post:list', 'system:post:query', 'system:post:add', 'system:post:edit', 'system:post:remove'];

interface Post {
  id: string;
  code: string;
  version: number;
}

describe('posts: one tenant each', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const token = (tenantId: string) => tokenFor(`posts-${tenantId}`, PERMISSIONS, { tenantId });
  const http = () => server.http();
  const create = (tenantId: string, code: string) => http().post('/api/v1/posts').set('Authorization', token(tenantId)).send({ code, name: code });
  const list = async (tenantId: string, pageSize = 10) =>
    expectSuccess(await http().get('/api/v1/posts').query({ sort: 'code,asc', pageSize }).set('Authorization', token(tenantId))).data as {
      items: Post[];
      total: number;
    };

  it('lets two tenants use one code, and refuses it twice in one tenant', async () => {
    expectSuccess(await create(TENANT_A, 'CEO'), 201);
    expectSuccess(await create(TENANT_B, 'CEO'), 201);
    expectError(await create(TENANT_A, 'ceo'), 409, 'SYSTEM_POST_DUPLICATED_409');
  });

  it("lists only the caller's posts, with the caller's total, each time it asks", async () => {
    expectSuccess(await create(TENANT_A, 'CTO'), 201);
    expect((await list(TENANT_A)).items.map((p) => p.code)).to.deep.equal(['CEO', 'CTO']);
    expect((await list(TENANT_B)).items.map((p) => p.code)).to.deep.equal(['CEO']);
    // Pages of one, so the total is counted, and kept while the table is unwritten; asked in
    // turns, a total kept for one tenant is never answered to the other.
    for (let round = 0; round < 2; round++) {
      expect((await list(TENANT_A, 1)).total, `round ${round}, tenant A`).to.equal(2);
      expect((await list(TENANT_B, 1)).total, `round ${round}, tenant B`).to.equal(1);
    }
  });

  it("answers 404 to another tenant's post id in a read, an update and a delete, and leaves the post as it was", async () => {
    const [theirs] = (await list(TENANT_B)).items;
    const asA = token(TENANT_A);
    expectError(await http().get(`/api/v1/posts/${theirs.id}`).set('Authorization', asA), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(
      await http().put(`/api/v1/posts/${theirs.id}`).set('Authorization', asA).send({ name: 'taken over', version: theirs.version }),
      404,
      'SYSTEM_RESOURCE_NOT_FOUND_404',
    );
    expectError(await http().delete(`/api/v1/posts/${theirs.id}`).set('Authorization', asA), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const [stored] = await server.sql<{ name: string; version: number; tenant_id: string }>('select name, version, tenant_id from posts_post where id = ?', [
      theirs.id,
    ]);
    expect(stored).to.deep.equal({ name: 'CEO', version: 1, tenant_id: TENANT_B });
  });

  it('indexes the list per tenant: each sort index leads with tenant_id', async () => {
    const indexes = await server.sql<{ definition: string }>(
      "select pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'posts_post'::regclass and obj_description(c.oid, 'pg_class') = 'atrium: list index' and c.relname like '%tenant_idx'",
    );
    expect(indexes.map((i) => /\((.*)\)$/.exec(i.definition)![1]).sort()).to.deep.equal(
      ['tenant_id, code', 'tenant_id, created_at', 'tenant_id, name', 'tenant_id, sort', 'tenant_id, status'].sort(),
    );
  });
});
