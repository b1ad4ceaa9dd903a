import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { tokenFor, type TestServer } from '../support/server';
import { ALICE, BOB, OPERATOR, act, readTask, startTaskServer, submitted, type TaskBody } from './helpers';

interface TaskTypeBody {
  type: string;
  title: string;
  description: string | null;
  payloadSchema: Record<string, unknown>;
  reportsProgress: boolean;
}

/**
 * Whose tasks a caller sees and acts on: their own; everyone's with task:task:admin. Another
 * user's task is not found, never merely forbidden. And the task types, for any submitter.
 */
describe('tasks: own tasks, others’ tasks and the task types', () => {
  let server: TestServer;
  let alices: TaskBody;
  let bobs: TaskBody;
  before(async () => {
    server = await startTaskServer({ TASKS_CONCURRENCY: '0' });
    alices = await submitted(server, { type: 'system.echo', autoRun: false }, ALICE);
    bobs = await submitted(server, { type: 'system.echo', autoRun: false }, BOB);
  });
  after(() => server?.stop());

  const list = async (token: string) =>
    expectSuccess(await server.http().get('/api/v1/tasks?pageSize=200').set('Authorization', token)).data as { items: TaskBody[]; total: number };

  it('lists only the caller’s own tasks', async () => {
    const seen = await list(ALICE);
    expect(seen.items.map((t) => t.createdBy)).to.satisfy((creators: string[]) => creators.every((c) => c === 'user-alice'));
    expect(seen.items.map((t) => t.id))
      .to.include(alices.id)
      .and.not.include(bobs.id);
  });

  it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 to reading another user’s task or its attempts', async () => {
    expectError(await server.http().get(`/api/v1/tasks/${bobs.id}`).set('Authorization', ALICE), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await server.http().get(`/api/v1/tasks/${bobs.id}/attempts`).set('Authorization', ALICE), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectSuccess(await server.http().get(`/api/v1/tasks/${alices.id}`).set('Authorization', ALICE));
  });

  it('answers 404 to run, cancel and retry of another user’s task, which stays as it was', async () => {
    for (const action of ['run', 'cancel', 'retry'] as const) {
      expectError(await act(server, bobs.id, action, ALICE), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    }
    expect(await readTask(server, bobs.id, BOB)).to.deep.equal(bobs);
  });

  it('lets a task administrator see everyone’s tasks and act on them', async () => {
    const seen = await list(OPERATOR);
    expect(seen.items.map((t) => t.id)).to.include.members([alices.id, bobs.id]);
    expect(await readTask(server, bobs.id, OPERATOR)).to.deep.equal(bobs);
    const task = await submitted(server, { type: 'system.echo', autoRun: false }, BOB);
    expect((expectSuccess(await act(server, task.id, 'cancel', OPERATOR)).data as TaskBody).state).to.equal('cancelled');
  });

  it('grants task administration through a wildcard permission too', async () => {
    const wildcard = tokenFor('auditor', ['task:*:*']);
    expect(await readTask(server, alices.id, wildcard)).to.deep.equal(alices);
  });

  it('answers 403 PERM_DENIED_403 to reading tasks without task:task:submit', async () => {
    const outsider = tokenFor('outsider', ['task:task:admin']);
    expectError(await server.http().get('/api/v1/tasks').set('Authorization', outsider), 403, 'PERM_DENIED_403');
    expectError(await server.http().get(`/api/v1/tasks/${alices.id}`).set('Authorization', outsider), 403, 'PERM_DENIED_403');
  });

  it('lists the task types the enabled modules registered, with their payload schemas, for any submitter', async () => {
    const { items } = expectSuccess(await server.http().get('/api/v1/tasks/types').set('Authorization', ALICE)).data as { items: TaskTypeBody[] };
    const byType = new Map(items.map((t) => [t.type, t]));
    expect([...byType.keys()]).to.include.members(['system.echo', 'system.sleep', 'probe.flaky', 'probe.hold']);
    expect(items.map((t) => t.type)).to.deep.equal([...items.map((t) => t.type)].sort());
    expect(byType.get('system.sleep')).to.include({ title: 'Sleep', reportsProgress: true });
    expect(byType.get('system.sleep')!.payloadSchema).to.deep.include({ type: 'object', required: ['ms'] });
    expect((byType.get('system.sleep')!.payloadSchema.properties as Record<string, object>).ms).to.deep.include({
      type: 'integer',
      minimum: 0,
      maximum: 3_600_000,
    });
    expect(byType.get('system.echo')).to.include({ reportsProgress: false });
    expect(byType.get('probe.hold')!.description).to.equal(null);
  });

  it('withdraws the types of a module that is disabled, and refuses tasks of them with 400 TASK_TYPE_UNKNOWN_400', async () => {
    await server.kernel.capabilities.lifecycle.disable('task-probe');
    try {
      const { items } = expectSuccess(await server.http().get('/api/v1/tasks/types').set('Authorization', ALICE)).data as { items: TaskTypeBody[] };
      const types = items.map((t) => t.type);
      expect(types).to.include.members(['system.echo', 'system.sleep']);
      expect(types.filter((type) => type.startsWith('probe.'))).to.deep.equal([]);
      const refused = await server
        .http()
        .post('/api/v1/tasks')
        .set('Authorization', ALICE)
        .send({ idempotencyKey: 'probe-while-disabled', type: 'probe.hold' });
      expectError(refused, 400, 'TASK_TYPE_UNKNOWN_400');
    } finally {
      await server.kernel.capabilities.lifecycle.enable('task-probe');
    }
  });
});
