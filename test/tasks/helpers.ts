/** What the tasks tests share: submitting, reading and waiting for tasks over HTTP. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { expectSuccess } from '../http/helpers';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer, type TestServerOptions } from '../support/server';

export interface TaskBody {
  id: string;
  idempotencyKey: string;
  type: string;
  payload: unknown;
  state: string;
  attempts: number;
  maxAttempts: number;
  progress: { percent: number; message: string | null } | null;
  result: unknown;
  error: string | null;
  runAt: string;
  scheduleId: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  version: number;
}

export interface AttemptBody {
  number: number;
  startedAt: string;
  finishedAt: string | null;
  outcome: string | null;
  error: string | null;
}

/** A user who may submit tasks and act on their own. */
export const ALICE = tokenFor('alice', ['task:task:submit']);
export const BOB = tokenFor('bob', ['task:task:submit']);
/** A task administrator: sees and acts on everyone's tasks. */
export const OPERATOR = tokenFor('operator', ['task:task:submit', 'task:task:admin', 'task-probe:run:read']);

/** A server with the task-probe fixture; `env` on top of NODE_ENV=test and a short lease. */
export function startTaskServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({
    ...options,
    modulePaths: [fixture('task-probe'), ...(options.modulePaths ?? [])],
    env: { NODE_ENV: 'test', TASKS_LEASE_MS: '1500', TASKS_RETRY_DELAY_MS: '100', SHUTDOWN_TIMEOUT_MS: '500', ...options.env, ...env },
  });
}

let keys = 0;
/** An idempotency key no other submission of the run uses. */
export function freshKey(prefix = 'key'): string {
  return `${prefix}-${process.pid}-${Date.now()}-${++keys}`;
}

export function submit(server: TestServer, body: Record<string, unknown>, token = ALICE): Promise<Response> {
  return server
    .http()
    .post('/api/v1/tasks')
    .set('Authorization', token)
    .send({ idempotencyKey: freshKey(), ...body });
}

/** Submits and expects 201: the task. */
export async function submitted(server: TestServer, body: Record<string, unknown>, token = ALICE): Promise<TaskBody> {
  return expectSuccess(await submit(server, body, token), 201).data as TaskBody;
}

export async function readTask(server: TestServer, id: string, token = OPERATOR): Promise<TaskBody> {
  return expectSuccess(await server.http().get(`/api/v1/tasks/${id}`).set('Authorization', token)).data as TaskBody;
}

export async function readAttempts(server: TestServer, id: string, token = OPERATOR): Promise<AttemptBody[]> {
  return (expectSuccess(await server.http().get(`/api/v1/tasks/${id}/attempts`).set('Authorization', token)).data as { items: AttemptBody[] }).items;
}

export function act(server: TestServer, id: string, action: 'run' | 'cancel' | 'retry', token = ALICE, version?: number): Promise<Response> {
  const query = version === undefined ? '' : `?version=${version}`;
  return server.http().post(`/api/v1/tasks/${id}/${action}${query}`).set('Authorization', token);
}

/** Polls the task until `done` accepts it; fails with the last state seen. */
export async function waitForTask(server: TestServer, id: string, done: (task: TaskBody) => boolean, timeoutMs = 15_000): Promise<TaskBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await readTask(server, id);
    if (done(task)) return task;
    if (Date.now() > deadline) expect.fail(`task ${id} did not get there in ${timeoutMs} ms; it is ${JSON.stringify(task)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function waitForState(server: TestServer, id: string, state: string, timeoutMs?: number): Promise<TaskBody> {
  return waitForTask(server, id, (task) => task.state === state, timeoutMs);
}

/** What the task-probe fixture's handlers saw of a task in this process. */
export async function probeRuns(server: TestServer, id: string): Promise<{ attempts: number[]; aborted: string[]; succeeded: number }> {
  return expectSuccess(await server.http().get(`/api/v1/task-probe/runs/${id}`).set('Authorization', ADMIN)).data as {
    attempts: number[];
    aborted: string[];
    succeeded: number;
  };
}

/** How many tasks the caller sees. */
export async function taskCount(server: TestServer, token = OPERATOR): Promise<number> {
  return (expectSuccess(await server.http().get('/api/v1/tasks?pageSize=1').set('Authorization', token)).data as { total: number }).total;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
