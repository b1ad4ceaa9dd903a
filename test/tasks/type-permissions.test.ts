import { expect } from 'chai';
import { sql } from '../audit/helpers';
import { expectError, expectSuccess } from '../http/helpers';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { ALICE, OPERATOR, act, freshKey, readTask, startTaskServer, submit, submitted, waitForState } from './helpers';
import { SchedulesClient } from './schedules-support';

/** Alice again (the same user id), now also holding the audit purge permission. */
const ALICE_PURGER = tokenFor('alice', ['task:task:submit', 'audit:record:purge']);

/** Each task type names the permission needed to submit, run, retry or schedule it. */
describe('tasks: the permission each task type needs', () => {
  let server: TestServer;
  before(async () => {
    server = await startTaskServer();
  });
  after(() => server?.stop());

  const deniedFor = (body: { details: Array<Record<string, unknown>> }, permission: string, field: string) =>
    expect(body.details).to.deep.equal([{ field, rule: 'task-permission', message: body.details[0].message, permission }]);

  it('lists each type with its permission', async () => {
    const items = (
      expectSuccess(await server.http().get('/api/v1/tasks/types').set('Authorization', ALICE)).data as { items: Array<{ type: string; permission: string }> }
    ).items;
    const byType = Object.fromEntries(items.map((t) => [t.type, t.permission]));
    expect(byType).to.include({
      'system.echo': 'task:task:submit',
      'system.sleep': 'task:task:submit',
      'audit.purge': 'audit:record:purge',
      'assets.cleanup': 'asset:asset:admin',
      'probe.flaky': 'task:task:submit',
    });
  });

  it('answers 403 PERM_DENIED_403 naming the permission to a submitter without it, and stores nothing', async () => {
    const key = freshKey('purge-denied');
    const purge = expectError(await submit(server, { idempotencyKey: key, type: 'audit.purge' }, ALICE), 403, 'PERM_DENIED_403');
    deniedFor(purge, 'audit:record:purge', '/body/type');
    const cleanup = expectError(await submit(server, { type: 'assets.cleanup' }, OPERATOR), 403, 'PERM_DENIED_403');
    deniedFor(cleanup, 'asset:asset:admin', '/body/type');
    expect(await sql(server, 'select id from tasks where idempotency_key = ?', [key])).to.have.length(0);
  });

  it('accepts a submitter holding the permission, directly or through a wildcard', async () => {
    const task = await submitted(server, { type: 'audit.purge' }, ALICE_PURGER);
    expect((await waitForState(server, task.id, 'succeeded')).type).to.equal('audit.purge');
    await submitted(server, { type: 'assets.cleanup', autoRun: false }, tokenFor('keeper', ['task:task:submit', 'asset:*:*']));
    await submitted(server, { type: 'system.echo' }, ALICE);
  });

  it('refuses to run or retry a task of a type the caller may not submit, even a task administrator, and lets them cancel it', async () => {
    const pending = await submitted(server, { type: 'audit.purge', autoRun: false }, ALICE_PURGER);
    deniedFor(expectError(await act(server, pending.id, 'run', ALICE), 403, 'PERM_DENIED_403'), 'audit:record:purge', '/params/id');
    expectError(await act(server, pending.id, 'run', OPERATOR), 403, 'PERM_DENIED_403');
    expect((await readTask(server, pending.id)).state).to.equal('pending');
    expectSuccess(await act(server, pending.id, 'cancel', ALICE));
    expectError(await act(server, pending.id, 'retry', ALICE), 403, 'PERM_DENIED_403');
    expect((await readTask(server, pending.id)).state).to.equal('cancelled');
    expect((expectSuccess(await act(server, pending.id, 'retry', ALICE_PURGER)).data as { state: string }).state).to.equal('queued');
  });

  describe('schedules', () => {
    const planner = (extra: string[] = []) =>
      new SchedulesClient(() => server).as(tokenFor('planner', ['task:schedule:add', 'task:schedule:edit', 'task:task:submit', ...extra]));

    it('refuses a schedule of a type its creator may not submit, and accepts one they may', async () => {
      const refused = await planner().call('post', '/tasks/schedules', { name: 'Nightly purge (refused)', cron: '0 3 * * *', type: 'audit.purge' });
      deniedFor(expectError(refused, 403, 'PERM_DENIED_403'), 'audit:record:purge', '/body/type');
      expect(await sql(server, "select id from task_schedules where name = 'Nightly purge (refused)'")).to.have.length(0);
      expect((await planner(['audit:record:purge']).create({ name: 'Nightly purge', cron: '0 3 * * *', type: 'audit.purge' })).type).to.equal('audit.purge');
    });

    it('refuses a change of type to one the editor may not submit', async () => {
      const schedule = await planner().create({ name: 'Hourly echo', cron: '0 * * * *', type: 'system.echo' });
      const refused = await planner().call('put', `/tasks/schedules/${schedule.id}`, { type: 'assets.cleanup', version: schedule.version });
      deniedFor(expectError(refused, 403, 'PERM_DENIED_403'), 'asset:asset:admin', '/body/type');
      const renamed = expectSuccess(
        await planner().call('put', `/tasks/schedules/${schedule.id}`, { name: 'Hourly echo, renamed', version: schedule.version }),
      );
      expect(renamed.data).to.include({ type: 'system.echo' });
    });
  });

  it('lets the administrator (*:*:*) submit every type', async () => {
    for (const type of ['audit.purge', 'assets.cleanup', 'system.echo']) await submitted(server, { type, autoRun: false }, ADMIN);
  });
});
