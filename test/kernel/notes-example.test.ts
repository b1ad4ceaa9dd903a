import path from 'node:path';
import { expect } from 'chai';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer } from '../support/server';

const NOTES = path.join(__dirname, '..', '..', 'docs', 'examples', 'notes');

/** The example module of docs/examples/notes, loaded as an operator would: from MODULE_PATH. */
describe('the notes example module', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ modulePaths: [NOTES, fixture('notes-reader')] });
  });
  after(() => server?.stop());

  const api = () => server.http();
  const create = (title: string, body = `about ${title}`) => api().post('/api/v1/notes').set('Authorization', ADMIN).send({ title, body });

  it('creates a note: 201 with a UUID v7 id, version 1 and timestamps', async () => {
    const res = await create('Groceries', 'milk, eggs');
    expect(res.status).to.equal(201);
    expect(res.body.code).to.equal('0');
    const note = res.body.data;
    expect(note).to.include({ title: 'Groceries', body: 'milk, eggs', version: 1 });
    expect(note.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(note.createdAt)).to.be.closeTo(Date.now(), 60_000);
    expect(note.updatedAt).to.equal(note.createdAt);
  });

  it('reads a note by id', async () => {
    const { body } = await create('Reading list');
    const res = await api().get(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal(body.data);
  });

  it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for a note that does not exist', async () => {
    const res = await api().get('/api/v1/notes/01890a5d-ac96-774b-bcce-b302099a8057').set('Authorization', ADMIN);
    expect(res.status).to.equal(404);
    expect(res.body.code).to.equal('SYSTEM_RESOURCE_NOT_FOUND_404');
  });

  it('updates a note sent with the version it read, and moves the version on', async () => {
    const { body } = await create('Draft');
    const res = await api().put(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN).send({ title: 'Final', body: 'done', version: 1 });
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ id: body.data.id, title: 'Final', body: 'done', version: 2 });
    expect(Date.parse(res.body.data.updatedAt)).to.be.at.least(Date.parse(body.data.updatedAt));
  });

  it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an update sent with a stale version, and keeps the note', async () => {
    const { body } = await create('Contested');
    const put = (title: string) => api().put(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN).send({ title, body: '', version: 1 });
    expect((await put('First writer')).status).to.equal(200);
    const stale = await put('Second writer');
    expect(stale.status).to.equal(409);
    expect(stale.body.code).to.equal('SYSTEM_VERSION_CONFLICT_409');
    const now = await api().get(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN);
    expect(now.body.data).to.include({ title: 'First writer', version: 2 });
  });

  it('lets only one of two concurrent updates from the same version through', async () => {
    const { body } = await create('Raced');
    const put = (title: string) => api().put(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN).send({ title, body: '', version: 1 });
    const results = await Promise.all([put('Racer one'), put('Racer two'), put('Racer three')]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).to.deep.equal(['SYSTEM_VERSION_CONFLICT_409', 'SYSTEM_VERSION_CONFLICT_409']);
  });

  it('answers 409 NOTES_TITLE_TAKEN_409 for a title another note has', async () => {
    await create('Unique title');
    const res = await create('Unique title');
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('NOTES_TITLE_TAKEN_409');
    expect(res.body.details).to.deep.equal([{ field: '/body/title', rule: 'unique', message: 'is taken' }]);
  });

  it('lists its error code in the catalogue, with both messages', async () => {
    const res = await api().get('/api/v1/system/error-codes').query({ owner: 'notes' });
    expect(res.body.data.items).to.deep.equal([
      { code: 'NOTES_TITLE_TAKEN_409', status: 409, owner: 'notes', messages: { en: 'Another note already has this title.', zh: '已有其他笔记使用此标题。' } },
    ]);
  });

  it('deletes a note, then answers 404 for it', async () => {
    const { body } = await create('Ephemeral');
    const res = await api().delete(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({});
    expect((await api().get(`/api/v1/notes/${body.data.id}`).set('Authorization', ADMIN)).status).to.equal(404);
  });

  it('refuses a delete sent with a stale version', async () => {
    const { body } = await create('Guarded');
    const res = await api().delete(`/api/v1/notes/${body.data.id}`).query({ version: 7 }).set('Authorization', ADMIN);
    expect(res.status).to.equal(409);
    expect(res.body.code).to.equal('SYSTEM_VERSION_CONFLICT_409');
  });

  describe('listing', () => {
    const titles = ['List C', 'List A', 'List E', 'List B', 'List D'];
    before(async () => {
      for (const title of titles) await create(title);
    });
    const list = (query: Record<string, unknown>) =>
      api()
        .get('/api/v1/notes')
        .query({ keyword: 'List ', ...query })
        .set('Authorization', ADMIN);

    it('answers a page at a time, with the total', async () => {
      const first = await list({ pageSize: 2, page: 1, sort: 'title,asc' });
      expect(first.status).to.equal(200);
      expect(first.body.data).to.include({ page: 1, pageSize: 2, total: 5 });
      expect(first.body.data.items.map((n: { title: string }) => n.title)).to.deep.equal(['List A', 'List B']);
      const last = await list({ pageSize: 2, page: 3, sort: 'title,asc' });
      expect(last.body.data.items.map((n: { title: string }) => n.title)).to.deep.equal(['List E']);
    });

    it('lists the newest first unless asked otherwise', async () => {
      const res = await list({});
      expect(res.body.data.items.map((n: { title: string }) => n.title)).to.deep.equal([...titles].reverse());
    });

    it('sorts by a whitelisted field in either direction', async () => {
      const res = await list({ sort: 'title,desc' });
      expect(res.body.data.items.map((n: { title: string }) => n.title)).to.deep.equal(['List E', 'List D', 'List C', 'List B', 'List A']);
    });

    it('refuses a sort field off the whitelist with 400 VALIDATION_FAILED_400 naming /query/sort', async () => {
      const res = await list({ sort: 'body,asc' });
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED_400');
      expect(res.body.details[0]).to.include({ field: '/query/sort', rule: 'whitelist' });
    });

    it('refuses a pageSize over 200', async () => {
      const res = await list({ pageSize: 201 });
      expect(res.status).to.equal(400);
      expect(res.body.details[0].field).to.equal('/query/pageSize');
    });
  });

  it('refuses a body property the route does not declare, naming it', async () => {
    const res = await api().post('/api/v1/notes').set('Authorization', ADMIN).send({ title: 'Sneaky', body: '', version: 99 });
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED_400');
    expect(res.body.details).to.deep.include({ field: '/body/version', rule: 'additionalProperties', message: 'is not an accepted property' });
  });

  it('answers 401 AUTH_TOKEN_MISSING_401 without a token', async () => {
    const res = await api().get('/api/v1/notes');
    expect(res.status).to.equal(401);
    expect(res.body.code).to.equal('AUTH_TOKEN_MISSING_401');
  });

  it('answers 403 PERM_DENIED_403 to a caller without the route’s permission', async () => {
    const reader = tokenFor('reader', ['notes:note:list', 'notes:note:query']);
    expect((await api().get('/api/v1/notes').set('Authorization', reader)).status).to.equal(200);
    const res = await api().post('/api/v1/notes').set('Authorization', reader).send({ title: 'Nope', body: '' });
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('PERM_DENIED_403');
  });

  it('serves notes.NoteDirectory to a module that depends on notes, and tells it of new notes', async () => {
    const { body } = await create('Shared');
    const res = await api()
      .get('/api/v1/notes-reader/summary')
      .query({ id: body.data.id })
      .set('Authorization', tokenFor('ops', ['notes-reader:summary:query']));
    expect(res.status).to.equal(200);
    expect(res.body.data.found).to.deep.equal({ id: body.data.id, title: 'Shared' });
    const all = await api().get('/api/v1/notes').query({ pageSize: 1 }).set('Authorization', ADMIN);
    expect(res.body.data.count).to.equal(all.body.data.total);
    expect(res.body.data.created).to.include('Shared');
  });

  it('publishes its routes in /v3/api-docs with their permissions', async () => {
    const doc = (await api().get('/v3/api-docs').set('Authorization', ADMIN)).body;
    expect(doc.paths['/api/v1/notes'].post['x-permission']).to.equal('notes:note:add');
    expect(doc.paths['/api/v1/notes/{id}'].put.responses['409'].description).to.include('NOTES_TITLE_TAKEN_409');
  });
});
