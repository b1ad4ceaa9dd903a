/** What the schedule tests share: the API's shapes, calls, and the tasks a schedule submitted. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { expectSuccess } from '../http/helpers';
import { ADMIN, type TestServer } from '../support/server';

export interface ScheduleBody {
  id: string;
  name: string;
  cron: string;
  timezone: string;
  type: string;
  payload: unknown;
  enabled: boolean;
  nextFireAt: string | null;
  nextFireTimes: string[];
  lastFiredAt: string | null;
  createdBy: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A task row a schedule made, as the database holds it. */
export interface ScheduledTask {
  id: string;
  idempotencyKey: string;
  createdBy: string;
  state: string;
  runAt: Date;
}

/** Calls the API of one server as one caller (the administrator unless told). */
export class SchedulesClient {
  constructor(
    private readonly server: () => { http: TestServer['http'] },
    private readonly token = ADMIN,
  ) {}

  as(token: string): SchedulesClient {
    return new SchedulesClient(this.server, token);
  }

  call(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown): Promise<Response> {
    const request = this.server().http()[method](`/api/v1${path}`).set('Authorization', this.token);
    return body === undefined ? request : request.send(body as object);
  }

  async create(body: Record<string, unknown>): Promise<ScheduleBody> {
    return expectSuccess(await this.call('post', '/tasks/schedules', body), 201).data as ScheduleBody;
  }

  async get(id: string): Promise<ScheduleBody> {
    return expectSuccess(await this.call('get', `/tasks/schedules/${id}`)).data as ScheduleBody;
  }

  async disable(id: string): Promise<ScheduleBody> {
    return expectSuccess(await this.call('post', `/tasks/schedules/${id}/disable`)).data as ScheduleBody;
  }
}

/** The tasks a schedule submitted, oldest fire time first, straight from the database. */
export async function tasksOf(server: TestServer, scheduleId: string): Promise<ScheduledTask[]> {
  // As the platform: tasks are tenant-owned, and a test's own statement runs in no tenant.
  const rows = await server.sql<{ id: string; idempotency_key: string; created_by: string; state: string; run_at: Date | string }>(
    'select id, idempotency_key, created_by, state, run_at from tasks where schedule_id = ? order by run_at, id',
    [scheduleId],
  );
  return rows.map((r) => ({ id: r.id, idempotencyKey: r.idempotency_key, createdBy: r.created_by, state: r.state, runAt: new Date(r.run_at) }));
}

/** The fire time a schedule's task was submitted for, read back from its idempotency key. */
export function fireTimeOf(scheduleId: string, task: { idempotencyKey: string }): string {
  const prefix = `schedule:${scheduleId}:`;
  expect(task.idempotencyKey.startsWith(prefix), task.idempotencyKey).to.equal(true);
  return task.idempotencyKey.slice(prefix.length);
}

/** Every whole second from the first fire time to the last is there exactly once. */
export function expectEverySecondOnce(fireTimes: string[]): void {
  const seconds = fireTimes.map((t) => Date.parse(t) / 1000);
  for (const second of seconds) expect(Number.isInteger(second), `${second} is a whole second`).to.equal(true);
  const sorted = [...seconds].sort((a, b) => a - b);
  const expected = Array.from({ length: sorted[sorted.length - 1] - sorted[0] + 1 }, (_, i) => sorted[0] + i);
  expect(sorted, 'one task per fire time, none missing, none twice').to.deep.equal(expected);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something truthy; fails naming `what` after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
