import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { tokenFor, type TestServer } from '../support/server';
import { ALICE, BOB, OPERATOR, freshKey, readTask, startTaskServer, submit, submitted, taskCount, type TaskBody } from './helpers';

/**
 * POST /tasks: idempotent submission decided by the unique index, checks before anything is
 * stored, and the state a task starts in. The server runs no workers (TASKS_CONCURRENCY=0), so
 * a task stays in the state it was submitted in.
 */
describe('tasks: submission', () => {
  let server: TestServer;
  before(async () => {
    server = await startTaskServer({ TASKS_CONCURRENCY: '0' });
  });
  after(() => server?.stop());

  it('answers 201 with the task, queued, its defaults filled in and its creator the caller', async () => {
    const before = Date.now();
    const res = await submit(server, { idempotencyKey: 'first-task', type: 'system.echo', payload: { hello: 'world' } });
    const task = expectSuccess(res, 201).data as TaskBody;
    expect(res.headers['idempotent-replayed']).to.equal(undefined);
    expect(task).to.include({
      idempotencyKey: 'first-task',
      type: 'system.echo',
      state: 'queued',
      attempts: 0,
      maxAttempts: 3,
      result: null,
      error: null,
      progress: null,
    });
    expect(task).to.include({ scheduleId: null, createdBy: 'user-alice', startedAt: null, finishedAt: null, version: 1 });
    expect(task.payload).to.deep.equal({ hello: 'world' });
    expect(Date.parse(task.runAt)).to.be.at.least(before - 1000);
    expect(await readTask(server, task.id)).to.deep.equal(task);
  });

  it('answers the same key from the same user with 201, the same task and Idempotent-Replayed: true', async () => {
    const body = { idempotencyKey: freshKey(), type: 'system.sleep', payload: { ms: 5 }, maxAttempts: 4 };
    const first = await submit(server, body);
    const again = await submit(server, body);
    expectSuccess(first, 201);
    expect(expectSuccess(again, 201).data).to.deep.equal(first.body.data);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(first.headers['idempotent-replayed']).to.equal(undefined);
  });

  it('makes one task of twenty racing submissions of one key: all 201, nineteen replayed', async () => {
    const before = await taskCount(server);
    const body = { idempotencyKey: freshKey('race'), type: 'system.echo', payload: { n: 20 } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(server, body)));
    for (const res of answers) expectSuccess(res, 201);
    const ids = new Set(answers.map((res) => (res.body.data as TaskBody).id));
    expect([...ids]).to.have.length(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).to.have.length(19);
    expect(await taskCount(server)).to.equal(before + 1);
  });

  it('answers 409 TASK_IDEMPOTENCY_CONFLICT_409 to the same key with any other type, payload, runAt, maxAttempts or autoRun', async () => {
    const key = freshKey();
    const original = { idempotencyKey: key, type: 'system.sleep', payload: { ms: 10 } };
    const task = await submitted(server, original);
    const others = [
      { type: 'system.echo', payload: { ms: 10 } },
      { payload: { ms: 11 } },
      { runAt: new Date(Date.now() + 3_600_000).toISOString() },
      { maxAttempts: 5 },
      { autoRun: false },
    ];
    for (const change of others) {
      const refused = expectError(await submit(server, { ...original, ...change }), 409, 'TASK_IDEMPOTENCY_CONFLICT_409');
      expect(detailFor(refused, '/body/idempotencyKey').message, JSON.stringify(change)).to.include(task.id);
    }
    expect(await readTask(server, task.id)).to.deep.equal(task);
  });

  it('counts defaults as sent: maxAttempts 3 and autoRun true are the same submission as none, and key order does not matter', async () => {
    const key = freshKey();
    const task = await submitted(server, { idempotencyKey: key, type: 'system.echo', payload: { a: 1, b: { c: 2, d: 3 } } });
    const same = await submit(server, { idempotencyKey: key, type: 'system.echo', payload: { b: { d: 3, c: 2 }, a: 1 }, maxAttempts: 3, autoRun: true });
    expect(expectSuccess(same, 201).data).to.deep.equal(task);
    expect(same.headers['idempotent-replayed']).to.equal('true');
  });

  it('scopes keys per user: the same key from another user is another task', async () => {
    const key = freshKey();
    const alices = await submitted(server, { idempotencyKey: key, type: 'system.echo' }, ALICE);
    const bobs = await submitted(server, { idempotencyKey: key, type: 'system.echo', payload: { other: true } }, BOB);
    expect(bobs.id).to.not.equal(alices.id);
    expect(bobs.createdBy).to.equal('user-bob');
  });

  it('answers 400 VALIDATION_FAILED_400 to a missing key, an empty one and one of 256 characters, storing nothing; 255 is fine', async () => {
    const before = await taskCount(server);
    const missing = await server.http().post('/api/v1/tasks').set('Authorization', ALICE).send({ type: 'system.echo' });
    expect(detailFor(expectError(missing, 400, 'VALIDATION_FAILED_400'), '/body/idempotencyKey').rule).to.equal('required');
    for (const key of ['', 'k'.repeat(256)]) {
      detailFor(expectError(await submit(server, { idempotencyKey: key, type: 'system.echo' }), 400, 'VALIDATION_FAILED_400'), '/body/idempotencyKey');
    }
    expect(await taskCount(server)).to.equal(before);
    const longest = await submitted(server, { idempotencyKey: 'k'.repeat(255), type: 'system.echo' });
    expect(longest.idempotencyKey).to.have.length(255);
  });

  it('answers 400 TASK_TYPE_UNKNOWN_400 naming /body/type to a type nobody registered, storing nothing', async () => {
    const before = await taskCount(server);
    const key = freshKey();
    for (const type of ['system.nothing', 'require("child_process")', '../../etc/passwd']) {
      expectError(await submit(server, { idempotencyKey: key, type }), 400, 'TASK_TYPE_UNKNOWN_400');
    }
    const refused = expectError(await submit(server, { idempotencyKey: key, type: 'system.nothing' }), 400, 'TASK_TYPE_UNKNOWN_400');
    expect(detailFor(refused, '/body/type').message).to.include('system.nothing');
    expect(await taskCount(server)).to.equal(before);
    // The key was not taken by the refused submissions.
    expect((await submitted(server, { idempotencyKey: key, type: 'system.echo' })).idempotencyKey).to.equal(key);
  });

  it('answers 400 VALIDATION_FAILED_400 naming the field under /body/payload to a payload its type refuses, storing nothing', async () => {
    const before = await taskCount(server);
    const key = freshKey();
    const cases: [unknown, string, string][] = [
      [{}, '/body/payload/ms', 'required'],
      [{ ms: -1 }, '/body/payload/ms', 'minimum'],
      [{ ms: 3_600_001 }, '/body/payload/ms', 'maximum'],
      [{ ms: 'soon' }, '/body/payload/ms', 'type'],
      [{ ms: 5, extra: true }, '/body/payload/extra', 'additionalProperties'],
      ['ms=5', '/body/payload', 'type'],
    ];
    for (const [payload, field, rule] of cases) {
      const refused = expectError(await submit(server, { idempotencyKey: key, type: 'system.sleep', payload }), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(refused, field).rule, JSON.stringify(payload)).to.equal(rule);
    }
    expect(await taskCount(server)).to.equal(before);
    expect((await submitted(server, { idempotencyKey: key, type: 'system.sleep', payload: { ms: 5 } })).payload).to.deep.equal({ ms: 5 });
  });

  it('fills in the defaults the payload schema declares, and an absent payload is {}', async () => {
    expect((await submitted(server, { type: 'probe.flaky' })).payload).to.deep.equal({ failFirst: 2 });
    expect((await submitted(server, { type: 'system.echo' })).payload).to.deep.equal({});
  });

  it('answers 400 VALIDATION_FAILED_400 to maxAttempts outside 1..20 and to a runAt that is not a date-time', async () => {
    for (const maxAttempts of [0, 21, 2.5]) {
      detailFor(expectError(await submit(server, { type: 'system.echo', maxAttempts }), 400, 'VALIDATION_FAILED_400'), '/body/maxAttempts');
    }
    detailFor(expectError(await submit(server, { type: 'system.echo', runAt: 'tomorrow' }), 400, 'VALIDATION_FAILED_400'), '/body/runAt');
  });

  it('starts a task pending with autoRun false, scheduled with a runAt ahead, queued with one passed', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const pending = await submitted(server, { type: 'system.echo', autoRun: false, runAt: later });
    expect(pending.state).to.equal('pending');
    const scheduled = await submitted(server, { type: 'system.echo', runAt: later });
    expect(scheduled).to.include({ state: 'scheduled', runAt: later });
    const passed = await submitted(server, { type: 'system.echo', runAt: new Date(Date.now() - 60_000).toISOString() });
    expect(passed.state).to.equal('queued');
  });

  it('answers 403 PERM_DENIED_403 to a caller without task:task:submit', async () => {
    expectError(await submit(server, { type: 'system.echo' }, tokenFor('reader', ['task:schedule:list'])), 403, 'PERM_DENIED_403');
  });

  describe('through tasks.Tasks, from another module’s code', () => {
    const viaApi = (body: Record<string, unknown>) => server.http().post('/api/v1/task-probe/submit').set('Authorization', OPERATOR).send(body);

    it('submits with the same idempotency: the same key again is a replay', async () => {
      const key = freshKey();
      const first = expectSuccess(await viaApi({ idempotencyKey: key, type: 'system.echo', payload: { x: 1 } }), 201).data as { id: string; replayed: boolean };
      const again = expectSuccess(await viaApi({ idempotencyKey: key, type: 'system.echo', payload: { x: 1 } }), 201).data as { id: string; replayed: boolean };
      expect(first.replayed).to.equal(false);
      expect(again).to.deep.equal({ ...first, replayed: true });
      expect((await readTask(server, first.id)).createdBy).to.equal('user-operator');
    });

    it('holds code to the same checks: a key of 256 characters, an unknown type, a bad payload', async () => {
      const before = await taskCount(server);
      detailFor(expectError(await viaApi({ idempotencyKey: 'k'.repeat(256), type: 'system.echo' }), 400, 'VALIDATION_FAILED_400'), '/body/idempotencyKey');
      detailFor(expectError(await viaApi({ idempotencyKey: '', type: 'system.echo' }), 400, 'VALIDATION_FAILED_400'), '/body/idempotencyKey');
      detailFor(
        expectError(await viaApi({ idempotencyKey: freshKey(), type: 'system.echo', maxAttempts: 0 }), 400, 'VALIDATION_FAILED_400'),
        '/body/maxAttempts',
      );
      expectError(await viaApi({ idempotencyKey: freshKey(), type: 'nobody.knows' }), 400, 'TASK_TYPE_UNKNOWN_400');
      detailFor(
        expectError(await viaApi({ idempotencyKey: freshKey(), type: 'system.sleep', payload: { ms: -5 } }), 400, 'VALIDATION_FAILED_400'),
        '/body/payload/ms',
      );
      expect(await taskCount(server)).to.equal(before);
    });
  });
});
