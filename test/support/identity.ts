/**
 * Real logins for tests of the identity modules: log in through POST /auth/login, and make
 * users holding chosen permissions through the roles and users APIs (as the `ADMIN` fixture
 * token, so no login is spent on setting up).
 */
import { expect } from 'chai';
import { ADMIN, type TestServer } from './server';

/** The seeded administrator's local-only password (users' default without ADMIN_PASSWORD). */
export const ADMIN_PASSWORD = 'admin-local-only';

/** A password that meets the policy, for users the helpers make. */
export const TEST_PASSWORD = 'correct-horse-battery-1';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  expiresAt: string;
  /** `Bearer <accessToken>`, for `.set('Authorization', …)`. */
  bearer: string;
}

export interface LoginOptions {
  /** Sent as X-Forwarded-For: the client address, on a server booted with trusted proxies. */
  forwardedFor?: string;
  userAgent?: string;
  /** The tenant's code, sent as `tenant` (left out: the default tenant). */
  tenant?: string;
}

/** Logs in and answers the tokens; fails the test with the response when the login is refused. */
export async function login(server: TestServer, username: string, password: string, options: LoginOptions = {}): Promise<Tokens> {
  let request = server.http().post('/api/v1/auth/login');
  if (options.forwardedFor) request = request.set('X-Forwarded-For', options.forwardedFor);
  if (options.userAgent) request = request.set('User-Agent', options.userAgent);
  const res = await request.send({ username, password, ...(options.tenant === undefined ? {} : { tenant: options.tenant }) });
  expect(res.status, `login of ${username}: ${JSON.stringify(res.body)}`).to.equal(200);
  return { ...(res.body.data as Omit<Tokens, 'bearer'>), bearer: `Bearer ${res.body.data.accessToken as string}` };
}

/** Logs in as the seeded administrator (`*:*:*`, data scope `all`). */
export function adminLogin(server: TestServer, options: LoginOptions = {}): Promise<Tokens> {
  return login(server, 'admin', ADMIN_PASSWORD, options);
}

/**
 * Sets a param through the API, as an operator would (with the ADMIN fixture token): reads its
 * id and version by key, then updates its value. Modules follow it from their next read.
 */
export async function setParam(server: TestServer, key: string, value: string): Promise<void> {
  const found = await server
    .http()
    .get(`/api/v1/params/by-key/${encodeURIComponent(key)}`)
    .set('Authorization', ADMIN);
  expect(found.status, `param ${key}: ${JSON.stringify(found.body)}`).to.equal(200);
  const res = await server
    .http()
    .put(`/api/v1/params/${found.body.data.id as string}`)
    .set('Authorization', ADMIN)
    .send({ value, version: found.body.data.version });
  expect(res.status, `param ${key} = ${value}: ${JSON.stringify(res.body)}`).to.equal(200);
}

export interface RoleSpec {
  /** Default: a unique code. */
  code?: string;
  permissions: string[];
  dataScope?: 'all' | 'custom' | 'dept' | 'dept_and_children' | 'self';
  deptIds?: string[];
  status?: 'active' | 'disabled';
}

export interface CreatedRole {
  id: string;
  code: string;
  version: number;
}

let unique = 0;
/** A name no other call in this process has used (tests of one file share a database). */
export function uniqueName(prefix: string): string {
  unique += 1;
  return `${prefix}-${process.pid}-${unique}`;
}

export async function createRole(server: TestServer, spec: RoleSpec): Promise<CreatedRole> {
  const code = spec.code ?? uniqueName('role').replace(/-/g, '_');
  const res = await server
    .http()
    .post('/api/v1/roles')
    .set('Authorization', ADMIN)
    .send({
      code,
      name: code,
      permissions: spec.permissions,
      dataScope: spec.dataScope ?? 'all',
      deptIds: spec.deptIds ?? [],
      status: spec.status ?? 'active',
    });
  expect(res.status, `role ${code}: ${JSON.stringify(res.body)}`).to.equal(201);
  return { id: res.body.data.id, code, version: res.body.data.version };
}

export interface UserSpec {
  /** Default: a unique username. */
  username?: string;
  password?: string;
  /** Permissions of a role made for this user (none: the user holds no role). */
  permissions?: string[];
  dataScope?: RoleSpec['dataScope'];
  deptIds?: string[];
  /** Roles the user holds besides the one made from `permissions`. */
  roleIds?: string[];
  deptId?: string | null;
  nickname?: string;
  email?: string | null;
  phone?: string | null;
}

export interface CreatedUser {
  id: string;
  username: string;
  password: string;
  roleIds: string[];
  version: number;
}

/**
 * Makes a user, and a role with `permissions` for them when permissions are given:
 * `createUser(server, { permissions: ['me:*:*'] })`.
 */
export async function createUser(server: TestServer, spec: UserSpec = {}): Promise<CreatedUser> {
  const username = spec.username ?? uniqueName('user');
  const password = spec.password ?? TEST_PASSWORD;
  const roleIds = [...(spec.roleIds ?? [])];
  if (spec.permissions) {
    roleIds.push((await createRole(server, { permissions: spec.permissions, dataScope: spec.dataScope, deptIds: spec.deptIds })).id);
  }
  const res = await server
    .http()
    .post('/api/v1/users')
    .set('Authorization', ADMIN)
    .send({
      username,
      password,
      nickname: spec.nickname ?? username,
      roleIds,
      ...(spec.deptId !== undefined ? { deptId: spec.deptId } : {}),
      ...(spec.email !== undefined ? { email: spec.email } : {}),
      ...(spec.phone !== undefined ? { phone: spec.phone } : {}),
    });
  expect(res.status, `user ${username}: ${JSON.stringify(res.body)}`).to.equal(201);
  return { id: res.body.data.id, username: res.body.data.username, password, roleIds, version: res.body.data.version };
}

/** Makes a user as `createUser` does and logs them in. */
export async function createUserAndLogin(server: TestServer, spec: UserSpec = {}, options: LoginOptions = {}): Promise<CreatedUser & { tokens: Tokens }> {
  const user = await createUser(server, spec);
  return { ...user, tokens: await login(server, user.username, user.password, options) };
}

/**
 * Fails when any of `secrets` (access and refresh tokens, passwords) appears anywhere in the
 * server's raw log output. The server must have been started with `captureLogs: true`.
 */
export function expectNotLogged(server: TestServer, secrets: readonly string[]): void {
  const logs = server.rawLogs();
  expect(logs.length, 'the server was started with captureLogs').to.be.greaterThan(0);
  const leaked = secrets.filter((secret) => secret.length > 0 && logs.includes(secret));
  expect(leaked, 'secrets found in the server log').to.deep.equal([]);
}

/** The secrets of a login, for `expectNotLogged`: the tokens, and the access token's signature alone. */
export function secretsOf(tokens: Pick<Tokens, 'accessToken' | 'refreshToken'>): string[] {
  return [tokens.accessToken, tokens.accessToken.split('.')[2], tokens.refreshToken];
}
