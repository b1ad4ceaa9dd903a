/** What the role tests share: a server with the role probes, and short ways to call it. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, fixture, startTestServer, tokenFor, type TestServer } from '../support/server';

export interface Role {
  id: string;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  dataScope: 'all' | 'custom' | 'dept' | 'dept_and_children' | 'self';
  deptIds: string[];
  permissions: string[];
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The seeded administrator role's fixed id (modules/roles/admin-role.ts). */
export const ADMIN_ROLE_ID = '01900000-0000-7000-8000-000000000001';

/** Fixture modules: roles.usage counts a test sets, and roles.RoleDirectory as another module sees it. */
export function startRolesServer(): Promise<TestServer> {
  return startTestServer({ modulePaths: [fixture('role-usage-probe'), fixture('role-directory-probe')] });
}

export function rolesClient(server: TestServer) {
  const http = () => server.http();
  return {
    http,
    list: (query: Record<string, unknown> = {}, token = ADMIN) => http().get('/api/v1/roles').query(query).set('Authorization', token),
    read: (id: string, token = ADMIN) => http().get(`/api/v1/roles/${id}`).set('Authorization', token),
    create: (body: Record<string, unknown>, token = ADMIN) => http().post('/api/v1/roles').set('Authorization', token).send(body),
    update: (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`/api/v1/roles/${id}`).set('Authorization', token).send(body),
    remove: (id: string, token = ADMIN, query: Record<string, unknown> = {}) => http().delete(`/api/v1/roles/${id}`).query(query).set('Authorization', token),
    /** Creates a role that must be created, and returns it. */
    async add(code: string, extra: Record<string, unknown> = {}): Promise<Role> {
      const res = await http()
        .post('/api/v1/roles')
        .set('Authorization', ADMIN)
        .send({ code, name: `Role ${code}`, ...extra });
      expect(res.status, res.text).to.equal(201);
      return res.body.data as Role;
    },
    /** Creates a department (the departments module) and returns its id. */
    async department(name: string, parentId: string | null = null): Promise<string> {
      const res = await http().post('/api/v1/departments').set('Authorization', ADMIN).send({ name, parentId });
      expect(res.status, res.text).to.equal(201);
      return res.body.data.id as string;
    },
    /** Tells the usage probe how many of its rows hold a role. */
    async holders(roleId: string, count: number): Promise<void> {
      const res = await http().put(`/api/v1/role-usage-probe/${roleId}`).set('Authorization', ADMIN).send({ count });
      expect(res.status, res.text).to.equal(200);
    },
    /** What roles.RoleDirectory answers for these ids and this code. */
    async directory(
      roleIds: string[],
      code = '',
    ): Promise<{ grants: Array<Record<string, unknown>>; missing: string[]; byCode: Record<string, unknown> | null }> {
      const res = await http().post('/api/v1/role-directory-probe').set('Authorization', ADMIN).send({ roleIds, code });
      expect(res.status, res.text).to.equal(200);
      return res.body.data;
    },
    /** The `roles.role-changed` events the directory probe heard, oldest first. */
    async changes(): Promise<string[]> {
      const res = await http().get('/api/v1/role-directory-probe/changes').set('Authorization', ADMIN);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.roleIds as string[];
    },
  };
}

/** A caller who may manage roles but holds only what is listed (and no data scope unless given). */
export function roleManager(name: string, permissions: string[], options: Parameters<typeof tokenFor>[2] = {}): string {
  return tokenFor(name, ['system:role:*', ...permissions], options);
}

export function codes(res: Response): string[] {
  return (res.body.data.items as Role[]).map((r) => r.code);
}
