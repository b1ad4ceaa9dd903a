import { expect } from 'chai';
import { openEventStream } from '../support/event-stream';
import { TEST_PASSWORD, createRole, createUser, login, type Tokens } from '../support/identity';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';

interface Notice {
  id: string;
  title: string;
  content: string;
  contentHtml: string;
  status: string;
  audience: string;
  audienceIds: string[];
  publishedAt: string | null;
  version: number;
}

interface MyNotice {
  id: string;
  title: string;
  read: boolean;
}

const READER = ['me:notice:list'];

/**
 * The notices module over HTTP: Markdown rendered and sanitised by the server, audiences checked,
 * publish and withdraw, the reader's own list (addressed to them only, unread first) and read
 * marks, the live `notice.published` to its audience only, and a lesser administrator who may
 * write but not publish.
 */
describe('notices', function () {
  this.timeout(60_000);
  let server: TestServer;

  const api = () => server.http();
  const write = async (body: Record<string, unknown>) => {
    const res = await api().post('/api/v1/notices').set('Authorization', ADMIN).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as Notice;
  };
  const act = (id: string, action: 'publish' | 'withdraw', token = ADMIN) => api().post(`/api/v1/notices/${id}/${action}`).set('Authorization', token);
  const published = async (body: Record<string, unknown>) => {
    const notice = await write(body);
    expect((await act(notice.id, 'publish')).status).to.equal(200);
    return notice;
  };
  const mine = async (tokens: Tokens, query: Record<string, string> = {}) => {
    const res = await api().get('/api/v1/me/notices').query(query).set('Authorization', tokens.bearer);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data.items as MyNotice[];
  };
  const department = async (name: string, parentId?: string) =>
    (
      await api()
        .post('/api/v1/departments')
        .set('Authorization', ADMIN)
        .send({ name, ...(parentId ? { parentId } : {}) })
    ).body.data as { id: string };

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  it('keeps the Markdown as written and serves it rendered, with scripts, handlers and javascript: links taken out', async () => {
    const notice = await write({
      title: '  Maintenance  ',
      content: '# Tonight\n\n**Down** from 22:00. <script>alert(1)</script><img src=x onerror="alert(2)"> [details](javascript:alert(3))',
    });
    expect(notice).to.include({ title: 'Maintenance', status: 'draft', audience: 'all', type: 'notice', publishedAt: null });
    expect(notice.content).to.include('<script>');
    expect(notice.contentHtml).to.include('<h1>Tonight</h1>').and.include('<strong>Down</strong>');
    expect(notice.contentHtml).to.not.match(/<script|onerror|javascript:/);
  });

  it('refuses an audience that names nobody, naming the field', async () => {
    const role = await createRole(server, { permissions: READER });
    const refusals = [
      [{ audience: 'all', audienceIds: [role.id] }, '/body/audienceIds'],
      [{ audience: 'roles', audienceIds: [] }, '/body/audienceIds'],
      [{ audience: 'roles', audienceIds: ['0190f5a4-7c2e-7000-8000-000000000000'] }, '/body/audienceIds'],
      [{ audience: 'departments', audienceIds: [role.id] }, '/body/audienceIds'],
      [{ audienceIds: [role.id] }, '/body/audience'],
    ] as const;
    for (const [audience, field] of refusals) {
      const res = await api()
        .post('/api/v1/notices')
        .set('Authorization', ADMIN)
        .send({ title: 't', content: 'c', ...audience });
      expect(res.status, JSON.stringify(audience)).to.equal(400);
      expect(res.body.details[0].field).to.equal(field);
    }
  });

  it('publishes a draft once, refuses to edit it while published, and withdraws it to be edited and published again', async () => {
    const notice = await write({ title: 'Holiday', content: 'Closed on Friday.' });
    const first = await act(notice.id, 'publish');
    expect(first.body.data).to.include({ status: 'published', version: notice.version + 1 });
    expect(Date.parse(first.body.data.publishedAt as string)).to.be.closeTo(Date.now(), 60_000);
    expect((await act(notice.id, 'publish')).body.code).to.equal('NOTICES_STATE_CONFLICT_409');
    const edit = await api().put(`/api/v1/notices/${notice.id}`).set('Authorization', ADMIN).send({ title: 'Holidays', version: first.body.data.version });
    expect([edit.status, edit.body.code]).to.deep.equal([409, 'NOTICES_STATE_CONFLICT_409']);
    const withdrawn = await act(notice.id, 'withdraw');
    expect(withdrawn.body.data.status).to.equal('withdrawn');
    expect((await act(notice.id, 'withdraw')).status).to.equal(409);
    const edited = await api()
      .put(`/api/v1/notices/${notice.id}`)
      .set('Authorization', ADMIN)
      .send({ content: '*Friday*', version: withdrawn.body.data.version });
    expect(edited.body.data.contentHtml).to.include('<em>Friday</em>');
    expect((await act(notice.id, 'publish')).status).to.equal(200);
    expect((await act('0190f5a4-7c2e-7000-8000-000000000000', 'publish')).status).to.equal(404);
  });

  it('lists each reader the notices addressed to them — everyone’s, their role’s, their department’s or one above it — unread first, and marks them read', async () => {
    const sales = await department('Sales desk');
    const east = await department('Sales east', sales.id);
    const elsewhere = await department('Warehouse');
    const readers = await createRole(server, { permissions: READER });
    const role = await createRole(server, { permissions: READER });
    const inEast = await createUser(server, { roleIds: [readers.id, role.id], deptId: east.id });
    const outside = await createUser(server, { roleIds: [readers.id], deptId: elsewhere.id });
    const all = await published({ title: 'For everyone', content: 'x' });
    const forRole = await published({ title: 'For the role', content: 'x', audience: 'roles', audienceIds: [role.id] });
    const forSales = await published({ title: 'For sales', content: 'x', audience: 'departments', audienceIds: [sales.id] });
    await write({ title: 'A draft', content: 'x' });

    const eastTokens = await login(server, inEast.username, TEST_PASSWORD);
    const outsideTokens = await login(server, outside.username, TEST_PASSWORD);
    const ids = (notices: MyNotice[]) => notices.map((notice) => notice.id);
    expect(ids(await mine(eastTokens))).to.include.members([all.id, forRole.id, forSales.id]);
    expect(ids(await mine(outsideTokens)))
      .to.include(all.id)
      .and.not.include.members([forRole.id]);
    expect(ids(await mine(outsideTokens))).to.not.include(forSales.id);
    expect((await mine(eastTokens)).map((notice) => notice.title)).to.not.include('A draft');

    const read = await api().post(`/api/v1/me/notices/${forRole.id}/read`).set('Authorization', eastTokens.bearer);
    expect([read.status, read.body.data]).to.deep.equal([200, {}]);
    expect((await api().post(`/api/v1/me/notices/${forRole.id}/read`).set('Authorization', eastTokens.bearer)).status).to.equal(200);
    const listed = await mine(eastTokens);
    expect(listed.at(-1)).to.include({ id: forRole.id, read: true });
    expect(listed.slice(0, -1).every((notice) => !notice.read)).to.equal(true);
    expect(ids(await mine(eastTokens, { unread: 'true' }))).to.not.include(forRole.id);
    // Not addressed to them: as if it did not exist.
    expect((await api().post(`/api/v1/me/notices/${forRole.id}/read`).set('Authorization', outsideTokens.bearer)).status).to.equal(404);
  });

  it('pushes notice.published to the live streams of its audience only', async () => {
    const role = await createRole(server, { permissions: READER });
    const member = await login(server, (await createUser(server, { roleIds: [role.id] })).username, TEST_PASSWORD);
    const other = await login(server, (await createUser(server, { permissions: READER })).username, TEST_PASSWORD);
    const [memberStream, otherStream] = [await openEventStream(server.url, member.bearer), await openEventStream(server.url, other.bearer)];
    try {
      const notice = await published({ title: 'Role only', content: 'x', audience: 'roles', audienceIds: [role.id], type: 'announcement' });
      const event = await memberStream.next((e) => e.event === 'notice.published');
      expect(JSON.parse(event.data)).to.deep.equal({ id: notice.id, title: 'Role only', type: 'announcement' });
      const everyone = await published({ title: 'Everyone', content: 'x' });
      await otherStream.next((e) => e.event === 'notice.published' && JSON.parse(e.data).id === everyone.id);
      expect(otherStream.events.map((e) => JSON.parse(e.data).id as string)).to.deep.equal([everyone.id]);
    } finally {
      memberStream.close();
      otherStream.close();
    }
  });

  it('lets an administrator who may write notices but not publish them write one, and refuses the publish', async () => {
    const writer = tokenFor('writer', ['notices:notice:list', 'notices:notice:add', 'notices:notice:edit']);
    const res = await api().post('/api/v1/notices').set('Authorization', writer).send({ title: 'From the writer', content: 'x' });
    expect(res.status).to.equal(201);
    const refused = await act(res.body.data.id as string, 'publish', writer);
    expect([refused.status, refused.body.code]).to.deep.equal([403, 'PERM_DENIED_403']);
    expect(
      (
        await api()
          .get(`/api/v1/notices/${res.body.data.id as string}`)
          .set('Authorization', ADMIN)
      ).body.data.status,
    ).to.equal('draft');
  });
});
