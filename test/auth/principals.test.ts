import { expect } from 'chai';
import { AppError, type ModuleContext } from '../../kernel/api';
import { createLogger } from '../../kernel/logging/logger';
import { CacheHub } from '../../kernel/runtime/cache';
import { EventBus } from '../../kernel/runtime/event-bus';
import { Principals } from '../../modules/auth/principals';
import type { SessionService } from '../../modules/auth/session.service';
import type { RoleGrant } from '../../modules/roles/api';
import type { TenantSummary } from '../../modules/tenants/api';
import type { UserIdentity } from '../../modules/users/api';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const USER = '0190f5a4-7c2e-7000-8000-000000000001';
const SESSION = '0190f5a4-7c2e-7000-8000-000000000002';
const TENANT = '0190f5a4-7c2e-7000-8000-000000000003';
const claims = { userId: USER, sessionId: SESSION, tenantId: TENANT };

/** Principals over the kernel's real cache, with users, roles, departments and sessions faked. */
function setUp() {
  const state = {
    user: {
      id: USER,
      username: 'ada',
      nickname: 'Ada',
      email: null,
      phone: null,
      status: 'active',
      deptId: 'd1',
      roleIds: ['r1', 'r2', 'r3'],
      postIds: [],
    } as UserIdentity,
    grants: [
      { id: 'r1', code: 'editor', status: 'active', permissions: ['system:user:list', 'me:*:*'], dataScope: 'dept_and_children', deptIds: [] },
      { id: 'r2', code: 'viewer', status: 'active', permissions: ['system:user:list'], dataScope: 'self', deptIds: [] },
    ] as RoleGrant[],
    session: { id: SESSION, userId: USER, lastSeenAt: new Date(T0), expiresAt: new Date(T0 + 3600_000) } as {
      id: string;
      userId: string;
      lastSeenAt: Date;
      expiresAt: Date;
    } | null,
    tenant: { id: TENANT, code: 'acme', name: 'Acme', usable: true, expiresAt: null, userLimit: null } as TenantSummary,
    ceiling: null as string[] | null,
    loads: 0,
    touched: [] as number[],
  };
  const apis: Record<string, unknown> = {
    'users.UserDirectory': {
      identity: async () => {
        state.loads += 1;
        return state.user;
      },
    },
    'roles.RoleDirectory': { grantsOf: async () => state.grants },
    'departments.DepartmentTree': { withDescendants: async (id: string) => [id, `${id}-child`] },
    'tenants.TenantDirectory': {
      byId: async (id: string) => (id === state.tenant.id ? state.tenant : null),
      permissionCeiling: async () => state.ceiling,
    },
  };
  const log = createLogger('silent');
  const cache = new CacheHub(new EventBus(log)).namespace('auth');
  const ctx = { cache, log, use: (token: { name: string }) => apis[token.name] } as unknown as ModuleContext;
  const sessions = {
    findLive: async () => state.session,
    touch: async (_id: string, at: Date) => {
      state.touched.push(at.getTime());
    },
  } as unknown as SessionService;
  return { state, principals: new Principals(ctx, sessions) };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('auth: the caller of a token', () => {
  it("holds the permissions of the user's active roles, their data scope and what auth knows of them", async () => {
    const { principals } = setUp();
    const principal = await principals.resolve(claims, T0);
    expect(principal).to.deep.equal({
      userId: USER,
      username: 'ada',
      sessionId: SESSION,
      tenantId: TENANT,
      permissions: ['system:user:list', 'me:*:*'],
      rowScope: { all: false, deptIds: ['d1', 'd1-child'], ownerId: USER },
      attributes: { roleIds: ['r1', 'r2', 'r3'], roleCodes: ['editor', 'viewer'], deptId: 'd1', dataScopes: ['dept_and_children', 'self'] },
      // The audiences of the roles that grant (r3 grants nothing: disabled or gone) and of the department.
      groups: ['role:r1', 'role:r2', 'dept:d1'],
    });
  });

  it('answers AUTH_TOKEN_REVOKED_401 when the session is not live, or the user is disabled or gone', async () => {
    const gone = setUp();
    gone.state.session = null;
    expect(await refusal(gone.principals.resolve(claims, T0))).to.equal('AUTH_TOKEN_REVOKED_401');
    const disabled = setUp();
    disabled.state.user = { ...disabled.state.user, status: 'disabled' };
    expect(await refusal(disabled.principals.resolve(claims, T0))).to.equal('AUTH_TOKEN_REVOKED_401');
    const deleted = setUp();
    (deleted.state as { user: UserIdentity | null }).user = null;
    expect(await refusal(deleted.principals.resolve(claims, T0))).to.equal('AUTH_TOKEN_REVOKED_401');
  });

  it("holds only what the tenant's ceiling lists of what the roles grant, wildcards included", async () => {
    const { state, principals } = setUp();
    state.ceiling = ['system:user:list', 'system:user:query', 'me:profile:query', 'system:role:list'];
    state.grants = [{ ...state.grants[0], permissions: ['system:user:*', 'me:*:*', 'system:module:list'] }];
    const principal = await principals.resolve(claims, T0);
    expect(principal.permissions).to.deep.equal(['system:user:list', 'system:user:query', 'me:profile:query']);
  });

  it('answers AUTH_TOKEN_REVOKED_401 when the tenant is not usable, or gone', async () => {
    const disabled = setUp();
    disabled.state.tenant = { ...disabled.state.tenant, usable: false };
    expect(await refusal(disabled.principals.resolve(claims, T0))).to.equal('AUTH_TOKEN_REVOKED_401');
    const elsewhere = setUp();
    expect(await refusal(elsewhere.principals.resolve({ ...claims, tenantId: SESSION }, T0))).to.equal('AUTH_TOKEN_REVOKED_401');
  });

  it('answers AUTH_TOKEN_REVOKED_401 once the tenant has expired, even from the cache', async () => {
    const { state, principals } = setUp();
    state.tenant = { ...state.tenant, expiresAt: new Date(T0 + 60_000) };
    await principals.resolve(claims, T0);
    await principals.resolve(claims, T0 + 59_999);
    expect(await refusal(principals.resolve(claims, T0 + 60_000))).to.equal('AUTH_TOKEN_REVOKED_401');
    expect(state.loads, 'from the cache').to.equal(1);
  });

  it('answers AUTH_TOKEN_REVOKED_401 once the session has expired, even from the cache', async () => {
    const { principals } = setUp();
    await principals.resolve(claims, T0);
    expect(await refusal(principals.resolve(claims, T0 + 3600_000))).to.equal('AUTH_TOKEN_REVOKED_401');
  });

  it('loads once per session until told the session, its user or anything changed', async () => {
    const { state, principals } = setUp();
    await principals.resolve(claims, T0);
    await principals.resolve(claims, T0 + 1000);
    expect(state.loads).to.equal(1);
    await principals.forgetSession(USER, SESSION);
    await principals.resolve(claims, T0 + 2000);
    expect(state.loads).to.equal(2);
    await principals.forgetUser(USER);
    await principals.resolve(claims, T0 + 3000);
    expect(state.loads).to.equal(3);
    await principals.forgetAll();
    state.user = { ...state.user, status: 'disabled' };
    expect(await refusal(principals.resolve(claims, T0 + 4000))).to.equal('AUTH_TOKEN_REVOKED_401');
  });

  it('records that the session was seen at most once a minute', async () => {
    const { state, principals } = setUp();
    for (const seconds of [0, 30, 59, 60, 61, 90, 119, 120]) await principals.resolve(claims, T0 + seconds * 1000);
    expect(state.touched.map((at) => (at - T0) / 1000)).to.deep.equal([60, 120]);
  });
});
