import { expect } from 'chai';
import { Client } from 'pg';
import { expectSuccess, eventually } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import type { TestServer } from '../support/server';
import { act, freshKey, probeRuns, readAttempts, startTaskServer, submitted, waitForState, type TaskBody } from './helpers';

/**
 * Two instances on one PostgreSQL (as test/support/instances.ts has them): the first runs tasks, the second only answers the API
 * (TASKS_CONCURRENCY=0), so a task submitted anywhere runs on the first and a cancel sent to the
 * second must reach a handler that runs elsewhere. Both instances live in this process, so the
 * task-probe fixture's record of what its handlers saw is shared.
 */
describe('tasks: several instances', () => {
  for (const link of ['redis', 'database'] as const)
    describe(`linked by ${link}`, () => {
      let database: TestDatabase | undefined;
      let first: TestServer | undefined;
      let second: TestServer | undefined;
      before(async function () {
        const redisUrl = process.env.REDIS_URL;
        if (!process.env.DATABASE_URL || (link === 'redis' && !redisUrl)) return this.skip();
        database = await createTestDatabase();
        // A heartbeat every 40 s: an abort within the test's wait can only come from the event.
        const shared: Record<string, string> = { TASKS_LEASE_MS: '120000', ...(link === 'redis' ? { REDIS_URL: redisUrl! } : {}) };
        first = await startTaskServer(shared, { database });
        second = await startTaskServer({ ...shared, TASKS_CONCURRENCY: '0' }, { database });
      });
      after(async () => {
        await second?.kernel.stop();
        await first?.kernel.stop();
        await database?.cleanup();
      });

      it('aborts the handler on the instance running it when the cancel arrives at the other one', async () => {
        const task = await submitted(second!, { type: 'probe.hold' });
        await waitForState(second!, task.id, 'running');
        const cancelled = expectSuccess(await act(second!, task.id, 'cancel')).data as TaskBody;
        expect(cancelled.state).to.equal('cancelled');
        const seen = await eventually(async () => {
          const runs = await probeRuns(first!, task.id);
          return runs.aborted.length > 0 ? runs : undefined;
        }, 10_000);
        expect(seen).to.deep.include({ attempts: [1], aborted: ['the task was cancelled'] });
        expect((await readAttempts(first!, task.id)).map((a) => a.outcome)).to.deep.equal(['cancelled']);
      });

      it('runs a task submitted to the instance without workers on the other one', async () => {
        const task = await submitted(second!, { type: 'system.echo', payload: { via: 'second' } });
        expect((await waitForState(first!, task.id, 'succeeded')).result).to.deep.equal({ via: 'second' });
      });
    });

  describe('without Redis, and with the event bus through the database turned off', () => {
    let database: TestDatabase | undefined;
    let running: TestServer | undefined;
    let answering: TestServer | undefined;
    before(async function () {
      if (!process.env.DATABASE_URL) return this.skip();
      database = await createTestDatabase();
      // Nothing carries the cancel between them: only the heartbeat can find it.
      running = await startTaskServer({ TASKS_LEASE_MS: '1500', EVENT_BUS_DATABASE: 'off' }, { database });
      answering = await startTaskServer({ TASKS_CONCURRENCY: '0', EVENT_BUS_DATABASE: 'off' }, { database });
    });
    after(async () => {
      await answering?.kernel.stop();
      await running?.kernel.stop();
      await database?.cleanup();
    });

    it('aborts a handler cancelled on another instance at its next heartbeat', async () => {
      const task = await submitted(answering!, { idempotencyKey: freshKey(), type: 'probe.hold' });
      await waitForState(answering!, task.id, 'running');
      expectSuccess(await act(answering!, task.id, 'cancel'));
      const seen = await eventually(async () => {
        const runs = await probeRuns(running!, task.id);
        return runs.aborted.length > 0 ? runs : undefined;
      }, 10_000);
      expect(seen.aborted).to.deep.equal(['the task is no longer this worker’s: it was cancelled, or given to another after its lease ran out']);
      expect((await readAttempts(answering!, task.id)).map((a) => a.outcome)).to.deep.equal(['cancelled']);
    });
  });

  describe('starting at once', () => {
    let database: TestDatabase | undefined;
    before(async function () {
      if (!process.env.DATABASE_URL) return this.skip();
      database = await createTestDatabase();
      // The kernel's own migrations first, so that what races below is pg-boss's start alone.
      await (await startTaskServer({}, { database })).kernel.stop();
    });
    after(() => database?.cleanup());

    it('starts two instances at once on a database without pg-boss’s schema: both create it, both run tasks', async () => {
      for (let round = 1; round <= 3; round++) {
        const client = new Client({ connectionString: database!.databaseUrl });
        await client.connect();
        await client.query('drop schema tasks_pgboss cascade');
        await client.end();
        const [a, b] = await Promise.all([startTaskServer({}, { database }), startTaskServer({}, { database })]);
        try {
          const fromA = await submitted(a, { type: 'system.echo', payload: { round } });
          const fromB = await submitted(b, { type: 'system.echo', payload: { round } });
          expect((await waitForState(b, fromA.id, 'succeeded')).result).to.deep.equal({ round });
          expect((await waitForState(a, fromB.id, 'succeeded')).result).to.deep.equal({ round });
        } finally {
          await a.kernel.stop();
          await b.kernel.stop();
        }
      }
    });
  });
});
