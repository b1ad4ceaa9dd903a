import { expect } from 'chai';
import { expectSuccess } from '../http/helpers';
import type { TestServer } from '../support/server';
import { act, probeRuns, readAttempts, readTask, sleep, startTaskServer, submitted, waitForState, waitForTask, type TaskBody } from './helpers';

const RETRY_DELAY_MS = 300;

/**
 * What the workers do with a task: run its handler, record the result once, retry a failure with
 * exponential backoff until maxAttempts (each attempt's error kept), show progress, and abort a
 * handler whose task is cancelled while it runs.
 */
describe('tasks: execution', () => {
  let server: TestServer;
  before(async () => {
    server = await startTaskServer({ TASKS_RETRY_DELAY_MS: String(RETRY_DELAY_MS) });
  });
  after(() => server?.stop());

  it('runs system.echo to success with the payload as its result, one attempt recorded', async () => {
    const task = await submitted(server, { type: 'system.echo', payload: { greeting: 'hello', list: [1, 2, 3] } });
    const done = await waitForState(server, task.id, 'succeeded');
    expect(done).to.include({ attempts: 1, error: null, progress: null });
    expect(done.result).to.deep.equal({ greeting: 'hello', list: [1, 2, 3] });
    expect(Date.parse(done.finishedAt!)).to.be.at.least(Date.parse(done.startedAt!));
    const [attempt, ...more] = await readAttempts(server, task.id);
    expect(more).to.deep.equal([]);
    expect(attempt).to.include({ number: 1, outcome: 'succeeded', error: null });
  });

  it('retries a handler that fails twice with backoff, then records its success once, each failed attempt with its error', async () => {
    const task = await submitted(server, { type: 'probe.flaky', payload: { failFirst: 2 } });
    const done = await waitForState(server, task.id, 'succeeded');
    expect(done).to.include({ attempts: 3, error: null });
    expect(done.result).to.deep.equal({ attempt: 3, runs: 3 });
    const attempts = await readAttempts(server, task.id);
    expect(attempts.map(({ number, outcome, error }) => ({ number, outcome, error }))).to.deep.equal([
      { number: 1, outcome: 'failed', error: 'run 1 failed on purpose' },
      { number: 2, outcome: 'failed', error: 'run 2 failed on purpose' },
      { number: 3, outcome: 'succeeded', error: null },
    ]);
    // Exponential backoff: the delay before attempt n+1 is at least RETRY_DELAY_MS × 2^(n−1).
    expect(Date.parse(attempts[1].startedAt) - Date.parse(attempts[0].finishedAt!)).to.be.at.least(RETRY_DELAY_MS);
    expect(Date.parse(attempts[2].startedAt) - Date.parse(attempts[1].finishedAt!)).to.be.at.least(2 * RETRY_DELAY_MS);
    expect((await probeRuns(server, task.id)).succeeded).to.equal(1);
  });

  it('shows a task waiting for its retry as queued with the last error and a runAt after the backoff', async () => {
    const task = await submitted(server, { type: 'probe.flaky', payload: { failFirst: 1 } });
    // The backoff holds it queued for at least RETRY_DELAY_MS, polled every 50 ms.
    const waiting = await waitForTask(server, task.id, (t) => t.state === 'queued' && t.error !== null);
    expect(waiting).to.include({ attempts: 1, error: 'run 1 failed on purpose', finishedAt: null });
    expect(Date.parse(waiting.runAt)).to.be.above(Date.parse(task.runAt));
    await waitForState(server, task.id, 'succeeded');
  });

  it('fails a task after maxAttempts, keeping every attempt’s error and the last one on the task', async () => {
    const task = await submitted(server, { type: 'probe.flaky', payload: { failFirst: 10 }, maxAttempts: 2 });
    const failed = await waitForState(server, task.id, 'failed');
    expect(failed).to.include({ attempts: 2, maxAttempts: 2, error: 'run 2 failed on purpose', result: null });
    expect(failed.finishedAt).to.be.a('string');
    expect((await readAttempts(server, task.id)).map((a) => [a.outcome, a.error])).to.deep.equal([
      ['failed', 'run 1 failed on purpose'],
      ['failed', 'run 2 failed on purpose'],
    ]);
    await sleep(3 * RETRY_DELAY_MS);
    expect((await probeRuns(server, task.id)).attempts).to.deep.equal([1, 2]);
  });

  it('shows the progress a running handler reports, and 100 once a task that reported progress succeeded', async () => {
    const held = await submitted(server, { type: 'probe.hold' });
    const running = await waitForTask(server, held.id, (t) => t.progress !== null);
    expect(running).to.include({ state: 'running' });
    expect(running.progress).to.deep.equal({ percent: 42, message: 'holding' });
    expectSuccess(await act(server, held.id, 'cancel'));
    const slept = await submitted(server, { type: 'system.sleep', payload: { ms: 200 } });
    const done = await waitForState(server, slept.id, 'succeeded');
    expect(done.result).to.deep.equal({ sleptMs: 200 });
    expect(done.progress).to.deep.equal({ percent: 100, message: 'sleeping' });
  });

  it('cancels a running system.sleep: cancelled at once, the attempt cancelled, and it never succeeds later', async () => {
    const task = await submitted(server, { type: 'system.sleep', payload: { ms: 2000 } });
    await waitForState(server, task.id, 'running');
    const cancelled = expectSuccess(await act(server, task.id, 'cancel')).data as TaskBody;
    expect(cancelled).to.include({ state: 'cancelled', result: null });
    // Past the end of the sleep, had it gone on.
    await sleep(2500);
    const later = await readTask(server, task.id);
    expect(later).to.deep.equal(cancelled);
    expect((await readAttempts(server, task.id)).map((a) => a.outcome)).to.deep.equal(['cancelled']);
  });

  it('aborts the running handler’s signal when its task is cancelled', async () => {
    const task = await submitted(server, { type: 'probe.hold' });
    await waitForState(server, task.id, 'running');
    expectSuccess(await act(server, task.id, 'cancel'));
    expect((await probeRuns(server, task.id)).aborted).to.deep.equal(['the task was cancelled']);
  });

  it('runs a cancelled and retried task again in a new attempt while the old handler records nothing', async () => {
    const task = await submitted(server, { type: 'probe.hold' });
    await waitForState(server, task.id, 'running');
    expectSuccess(await act(server, task.id, 'cancel'));
    expectSuccess(await act(server, task.id, 'retry'));
    await waitForTask(server, task.id, (t) => t.state === 'running' && t.attempts === 1 && t.startedAt !== null);
    expectSuccess(await act(server, task.id, 'cancel'));
    expect((await readAttempts(server, task.id)).map((a) => a.outcome)).to.deep.equal(['cancelled', 'cancelled']);
    expect((await probeRuns(server, task.id)).attempts).to.deep.equal([1, 1]);
  });
});
