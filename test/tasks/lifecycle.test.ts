import { expect } from 'chai';
import { fixture, startTestServer, type TestServer } from '../support/server';
import { readAttempts, readTask, startTaskServer, submitted, waitForState, waitForTask } from './helpers';

/** The module's life around its tasks: a stop gives running tasks back, and a bad start is refused. */
describe('tasks: starting and stopping', () => {
  it('gives a running task back when the server stops, and a restarted server runs it again', async () => {
    const first = await startTaskServer();
    let second: TestServer | undefined;
    try {
      const task = await submitted(first, { type: 'probe.hold' });
      await waitForState(first, task.id, 'running');
      await first.kernel.stop();
      second = await startTaskServer({}, { database: first.database });
      // The restarted server takes it again at once: queued by the stop, running in attempt 2.
      const again = await waitForTask(second, task.id, (t) => t.state === 'running' && t.attempts === 2);
      expect(again.error).to.equal('the server stopped while the task ran');
      const attempts = await readAttempts(second, task.id);
      expect(attempts.map((a) => [a.number, a.outcome, a.error])).to.deep.equal([
        [1, 'lost', 'the server stopped while the task ran'],
        [2, null, null],
      ]);
    } finally {
      await second?.kernel.stop();
      await first.database.cleanup();
    }
  });

  it('fails the attempts of a task whose type was withdrawn: only registered types run', async () => {
    const server = await startTaskServer();
    try {
      const task = await submitted(server, {
        type: 'probe.flaky',
        payload: { failFirst: 0 },
        maxAttempts: 2,
        runAt: new Date(Date.now() + 1500).toISOString(),
      });
      await server.kernel.capabilities.lifecycle.disable('task-probe');
      const failed = await waitForState(server, task.id, 'failed');
      expect(failed.error).to.match(/task type "probe.flaky" is not registered/);
      expect((await readAttempts(server, task.id)).map((a) => a.outcome)).to.deep.equal(['failed', 'failed']);
      await server.kernel.capabilities.lifecycle.enable('task-probe');
      expect((await readTask(server, task.id)).state).to.equal('failed');
    } finally {
      await server.stop();
    }
  });

  it('refuses to boot when two modules contribute one task type name, a name is malformed, or a permission is not declared, naming each', async () => {
    const refused = await startTestServer({ modulePaths: [fixture('task-probe-clash')] }).then(
      (server) => server.stop().then(() => expect.fail('the boot should have been refused')),
      (error: Error) => error,
    );
    expect(refused.message).to.include('task type "system.echo" is contributed twice ("Echo" and "Another echo")');
    expect(refused.message).to.include('task type "Shout Loudly" must look like "<area>.<action>"');
    expect(refused.message).to.include(
      'task type "clash.borrowed" needs the permission "system:user:remove", which neither module "task-probe-clash" nor "tasks" declares in its manifest',
    );
  });

  it('refuses to boot on a bad TASKS_* setting, naming the variable', async () => {
    const refused = await startTaskServer({ TASKS_LEASE_MS: '10', TASKS_CONCURRENCY: 'many' }).then(
      (server) => server.stop().then(() => expect.fail('the boot should have been refused')),
      (error: Error) => error,
    );
    expect(refused.message).to.include('TASKS_LEASE_MS="10" must be an integer from 1000 to 3600000');
    expect(refused.message).to.include('TASKS_CONCURRENCY="many"');
  });
});
