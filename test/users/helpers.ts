/** What the users tests share: a server with the probes, and a client that remembers every answer. */
import crypto from 'node:crypto';
import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer, type TestServerOptions } from '../support/server';

export interface User {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  status: 'active' | 'disabled';
  deptId: string | null;
  postIds: string[];
  roleIds: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A token for the probes' own routes. */
export const PROBE = tokenFor('probe', ['user-lifecycle-probe:call:list', 'user-directory-probe:directory:call']);

/** The real server with every built-in module, the lifecycle probe and the directory probe. */
export function startUsersServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ ...options, modulePaths: [fixture('user-lifecycle-probe'), fixture('user-directory-probe'), ...(options.modulePaths ?? [])] });
}

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Calls the server and keeps every response body, and every password it made up, so a test file
 * can end by proving that no answer carried a password or a hash.
 */
export class UsersClient {
  readonly bodies: string[] = [];
  readonly passwords: string[] = [];

  constructor(private readonly server: () => TestServer) {}

  async call(method: Method, path: string, token: string = ADMIN, body?: unknown, query: Record<string, unknown> = {}): Promise<Response> {
    const request = this.server().http()[method](`/api/v1${path}`).query(query).set('Authorization', token);
    const res = body === undefined ? await request : await request.send(body as object);
    this.bodies.push(res.text);
    return res;
  }

  list(query: Record<string, unknown> = {}, token = ADMIN) {
    return this.call('get', '/users', token, undefined, query);
  }
  read(id: string, token = ADMIN) {
    return this.call('get', `/users/${id}`, token);
  }
  create(body: Record<string, unknown>, token = ADMIN) {
    return this.call('post', '/users', token, body);
  }
  update(id: string, body: Record<string, unknown>, token = ADMIN) {
    return this.call('put', `/users/${id}`, token, body);
  }
  remove(id: string, token = ADMIN, query: Record<string, unknown> = {}) {
    return this.call('delete', `/users/${id}`, token, undefined, query);
  }
  resetPassword(id: string, password: string, token = ADMIN) {
    return this.call('put', `/users/${id}/password`, token, { password });
  }

  /** A fresh password, remembered for the final scan. */
  password(): string {
    const password = `pw-${crypto.randomBytes(9).toString('base64url')}`;
    this.passwords.push(password);
    return password;
  }

  /** Creates a user that must be created (with a fresh password unless one is given) and returns it. */
  async addUser(username: string, fields: Record<string, unknown> = {}, token = ADMIN): Promise<User> {
    const res = await this.create({ username, password: this.password(), ...fields }, token);
    expect(res.status, res.text).to.equal(201);
    return res.body.data as User;
  }

  async addDepartment(name: string, parentId: string | null = null): Promise<string> {
    const res = await this.call('post', '/departments', ADMIN, { name, parentId });
    expect(res.status, res.text).to.equal(201);
    return res.body.data.id as string;
  }

  async addRole(code: string, permissions: string[], fields: Record<string, unknown> = {}): Promise<string> {
    const res = await this.call('post', '/roles', ADMIN, { code, name: code, permissions, dataScope: 'all', ...fields });
    expect(res.status, res.text).to.equal(201);
    return res.body.data.id as string;
  }

  async addPost(code: string): Promise<string> {
    const res = await this.call('post', '/posts', ADMIN, { code, name: code });
    expect(res.status, res.text).to.equal(201);
    return res.body.data.id as string;
  }

  /** verifyCredentials through the directory probe: the identity, or null. */
  async verify(username: string, password: string): Promise<{ identity: { id: string } | null; elapsedMs: number }> {
    const res = await this.call('post', '/user-directory-probe/verify', PROBE, { username, password });
    expect(res.status, res.text).to.equal(200);
    return res.body.data;
  }

  /** The users.lifecycle calls the probe recorded for one user. */
  async lifecycleCalls(userId: string): Promise<Array<{ change: string; keepSessionId: string | null }>> {
    const res = await this.call('get', '/user-lifecycle-probe/calls', PROBE, undefined, { userId });
    expect(res.status, res.text).to.equal(200);
    return res.body.data;
  }

  /** Every answer so far that shows a password this client sent, or an argon2 hash. */
  leaks(): string[] {
    return this.bodies.filter((body) => body.includes('$argon2') || this.passwords.some((p) => body.includes(p)));
  }
}

export function usernames(res: Response): string[] {
  return (res.body.data.items as User[]).map((u) => u.username);
}
