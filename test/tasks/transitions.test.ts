import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import type { TestServer } from '../support/server';
import { act, probeRuns, readAttempts, readTask, startTaskServer, submitted, waitForState, type TaskBody } from './helpers';

type Action = 'run' | 'cancel' | 'retry';
type State = 'pending' | 'scheduled' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

const ALLOWED: Record<Action, State[]> = {
  run: ['pending', 'scheduled'],
  cancel: ['pending', 'scheduled', 'queued', 'running'],
  retry: ['failed', 'cancelled'],
};
const STATES: State[] = ['pending', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled'];
const AN_HOUR_AHEAD = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * The actions, state by state: every transition api.md allows, and 409 TASK_INVALID_TRANSITION_409
 * for every other one. Tasks that must stay pending, scheduled or queued are made on a server that
 * runs no workers; running, succeeded, failed and cancelled ones on a server that does.
 */
describe('tasks: run, cancel and retry', () => {
  let idle: TestServer;
  let busy: TestServer;
  before(async () => {
    idle = await startTaskServer({ TASKS_CONCURRENCY: '0' });
    busy = await startTaskServer();
  });
  after(async () => {
    await idle?.stop();
    await busy?.stop();
  });

  /** A fresh task in `state`, on the server where it stays there. */
  async function taskIn(state: State): Promise<{ server: TestServer; task: TaskBody }> {
    switch (state) {
      case 'pending':
        return { server: idle, task: await submitted(idle, { type: 'system.echo', autoRun: false }) };
      case 'scheduled':
        return { server: idle, task: await submitted(idle, { type: 'system.echo', runAt: AN_HOUR_AHEAD() }) };
      case 'queued':
        return { server: idle, task: await submitted(idle, { type: 'system.echo' }) };
      case 'running': {
        const task = await submitted(busy, { type: 'probe.hold' });
        return { server: busy, task: await waitForState(busy, task.id, 'running') };
      }
      case 'succeeded': {
        const task = await submitted(busy, { type: 'system.echo' });
        return { server: busy, task: await waitForState(busy, task.id, 'succeeded') };
      }
      case 'failed': {
        const task = await submitted(busy, { type: 'probe.flaky', payload: { failFirst: 1 }, maxAttempts: 1 });
        return { server: busy, task: await waitForState(busy, task.id, 'failed') };
      }
      case 'cancelled': {
        const task = await submitted(idle, { type: 'system.echo', autoRun: false });
        return { server: idle, task: expectSuccess(await act(idle, task.id, 'cancel')).data as TaskBody };
      }
    }
  }

  for (const action of ['run', 'cancel', 'retry'] as const) {
    for (const state of STATES.filter((s) => !ALLOWED[action].includes(s))) {
      it(`answers 409 TASK_INVALID_TRANSITION_409 naming the state to ${action} of a ${state} task, which stays as it was`, async () => {
        const { server, task } = await taskIn(state);
        const refused = expectError(await act(server, task.id, action), 409, 'TASK_INVALID_TRANSITION_409');
        expect(detailFor(refused, '/params/id')).to.include({ rule: 'state' });
        expect(detailFor(refused, '/params/id').message).to.include(`is ${state}`);
        const now = await readTask(server, task.id);
        expect(now.state).to.equal(state);
        expect(now.version).to.equal(task.version);
        if (state === 'running') await act(server, task.id, 'cancel');
      });
    }
  }

  it('runs a pending task: queued at once, then run to success', async () => {
    const task = await submitted(busy, { type: 'system.echo', payload: { n: 1 }, autoRun: false });
    const queued = expectSuccess(await act(busy, task.id, 'run')).data as TaskBody;
    expect(queued).to.include({ state: 'queued', version: task.version + 1 });
    expect((await waitForState(busy, task.id, 'succeeded')).result).to.deep.equal({ n: 1 });
  });

  it('runs a scheduled task now rather than at its runAt, and its old job never runs it again', async () => {
    const task = await submitted(busy, { type: 'probe.flaky', payload: { failFirst: 0 }, runAt: new Date(Date.now() + 2500).toISOString() });
    expect(task.state).to.equal('scheduled');
    const queued = expectSuccess(await act(busy, task.id, 'run')).data as TaskBody;
    expect(Date.parse(queued.runAt)).to.be.below(Date.parse(task.runAt));
    await waitForState(busy, task.id, 'succeeded');
    // Past the original runAt: the discarded job has had its chance to run the task again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await probeRuns(busy, task.id)).attempts).to.deep.equal([1]);
    expect(await readAttempts(busy, task.id)).to.have.length(1);
  });

  it('cancels a pending, a scheduled and a queued task: cancelled, finished, never run', async () => {
    for (const state of ['pending', 'scheduled', 'queued'] as const) {
      const { server, task } = await taskIn(state);
      const cancelled = expectSuccess(await act(server, task.id, 'cancel')).data as TaskBody;
      expect(cancelled, state).to.include({ state: 'cancelled', attempts: 0, version: task.version + 1 });
      expect(cancelled.finishedAt, state).to.be.a('string');
    }
  });

  it('retries a cancelled task: queued again, and it runs', async () => {
    const task = await submitted(busy, { type: 'system.echo', payload: { again: true }, autoRun: false });
    expectSuccess(await act(busy, task.id, 'cancel'));
    const queued = expectSuccess(await act(busy, task.id, 'retry')).data as TaskBody;
    expect(queued).to.include({ state: 'queued', finishedAt: null });
    expect((await waitForState(busy, task.id, 'succeeded')).result).to.deep.equal({ again: true });
  });

  it('retries a failed task: attempts counted afresh, error and result cleared, and it runs again', async () => {
    const { task } = await taskIn('failed');
    expect(task).to.include({ attempts: 1, error: 'run 1 failed on purpose' });
    const queued = expectSuccess(await act(busy, task.id, 'retry')).data as TaskBody;
    expect(queued).to.include({ state: 'queued', attempts: 0, error: null, result: null, startedAt: null, finishedAt: null });
    const done = await waitForState(busy, task.id, 'succeeded');
    expect(done).to.include({ attempts: 1, error: null });
    expect(done.result).to.deep.equal({ attempt: 1, runs: 2 });
    expect((await readAttempts(busy, task.id)).map((a) => a.outcome)).to.deep.equal(['failed', 'succeeded']);
  });

  it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an action with a stale version, and applies one with the current version', async () => {
    const task = await submitted(idle, { type: 'system.echo', autoRun: false });
    const stale = expectError(await act(idle, task.id, 'cancel', undefined, task.version + 1), 409, 'SYSTEM_VERSION_CONFLICT_409');
    detailFor(stale, '/query/version');
    expect((await readTask(idle, task.id)).state).to.equal('pending');
    expect((expectSuccess(await act(idle, task.id, 'run', undefined, task.version)).data as TaskBody).state).to.equal('queued');
  });

  it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 to an action on a task that does not exist', async () => {
    expectError(await act(idle, '01900000-0000-7000-8000-000000000000', 'cancel'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
  });
});
