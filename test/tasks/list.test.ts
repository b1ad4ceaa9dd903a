import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { tokenFor, type TestServer } from '../support/server';
import { act, startTaskServer, submitted, type TaskBody } from './helpers';

const CAROL = tokenFor('carol', ['task:task:submit']);

/** GET /tasks: pages, sorts and filters, over one user's tasks (no workers: states stay put). */
describe('tasks: the list', () => {
  let server: TestServer;
  const made: TaskBody[] = [];
  before(async () => {
    server = await startTaskServer({ TASKS_CONCURRENCY: '0' });
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    // 3 pending echoes, 2 scheduled sleeps, 2 queued echoes, 1 cancelled sleep: 8, made one after the other.
    for (const body of [
      { type: 'system.echo', autoRun: false },
      { type: 'system.sleep', payload: { ms: 1 }, runAt: later(30) },
      { type: 'system.echo' },
      { type: 'system.echo', autoRun: false },
      { type: 'system.sleep', payload: { ms: 1 }, runAt: later(10) },
      { type: 'system.echo' },
      { type: 'system.echo', autoRun: false },
      { type: 'system.sleep', payload: { ms: 1 }, autoRun: false },
    ]) {
      made.push(await submitted(server, body, CAROL));
    }
    made[7] = expectSuccess(await act(server, made[7].id, 'cancel', CAROL)).data as TaskBody;
  });
  after(() => server?.stop());

  const page = async (query: string) =>
    expectSuccess(await server.http().get(`/api/v1/tasks?${query}`).set('Authorization', CAROL)).data as {
      items: TaskBody[];
      page: number;
      pageSize: number;
      total: number;
    };
  const ids = (tasks: TaskBody[]) => tasks.map((t) => t.id);

  it('answers the newest first by default, a page at a time, with the total', async () => {
    const first = await page('pageSize=3');
    expect(first).to.include({ page: 1, pageSize: 3, total: 8 });
    expect(ids(first.items)).to.deep.equal(ids([...made].reverse().slice(0, 3)));
    const third = await page('pageSize=3&page=3');
    expect(ids(third.items)).to.deep.equal(ids([made[1], made[0]]));
    expect((await page('pageSize=3&page=4')).items).to.deep.equal([]);
  });

  it('sorts by a whitelisted field in either direction', async () => {
    expect(ids((await page('sort=createdAt,asc')).items)).to.deep.equal(ids(made));
    const byType = (await page('sort=type,asc&sort=createdAt,asc')).items;
    expect(byType.map((t) => t.type)).to.deep.equal([...Array(5).fill('system.echo'), ...Array(3).fill('system.sleep')]);
    const byRunAt = (await page('sort=runAt,desc')).items;
    expect(ids(byRunAt.slice(0, 2))).to.deep.equal(ids([made[1], made[4]]));
  });

  it('filters by state and by type', async () => {
    const pending = await page('state=pending');
    expect(pending.total).to.equal(3);
    expect(pending.items.every((t) => t.state === 'pending')).to.equal(true);
    expect((await page('state=scheduled')).total).to.equal(2);
    expect((await page('state=queued')).total).to.equal(2);
    expect((await page('state=cancelled')).items.map((t) => t.id)).to.deep.equal([made[7].id]);
    expect((await page('state=running')).total).to.equal(0);
    const sleeps = await page('type=system.sleep');
    expect(sleeps.total).to.equal(3);
    expect((await page('type=system.sleep&state=scheduled')).total).to.equal(2);
  });

  it('answers 400 VALIDATION_FAILED_400 to an unknown state, a sort off the whitelist, and a page size over 200', async () => {
    detailFor(expectError(await server.http().get('/api/v1/tasks?state=sleeping').set('Authorization', CAROL), 400, 'VALIDATION_FAILED_400'), '/query/state');
    detailFor(expectError(await server.http().get('/api/v1/tasks?sort=payload,asc').set('Authorization', CAROL), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    detailFor(expectError(await server.http().get('/api/v1/tasks?pageSize=201').set('Authorization', CAROL), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
  });
});
