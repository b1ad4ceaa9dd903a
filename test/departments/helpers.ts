/** What the department tests share: a server with the probes, and short ways to call it. */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { ADMIN, fixture, startTestServer, type TestServer } from '../support/server';

export interface Department {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
  status: 'active' | 'disabled';
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface DepartmentNode extends Department {
  children: DepartmentNode[];
}

/** The real server with the departments module, its usage probe and its tree probe. */
export function startDepartmentsServer(): Promise<TestServer> {
  return startTestServer({ modulePaths: [fixture('dept-usage-probe'), fixture('dept-tree-probe')] });
}

export function departmentsClient(server: TestServer) {
  const http = () => server.http();
  return {
    http,
    list: (query: Record<string, unknown> = {}, token = ADMIN) => http().get('/api/v1/departments').query(query).set('Authorization', token),
    tree: (query: Record<string, unknown> = {}, token = ADMIN) => http().get('/api/v1/departments/tree').query(query).set('Authorization', token),
    read: (id: string, token = ADMIN) => http().get(`/api/v1/departments/${id}`).set('Authorization', token),
    create: (body: Record<string, unknown>, token = ADMIN) => http().post('/api/v1/departments').set('Authorization', token).send(body),
    update: (id: string, body: Record<string, unknown>, token = ADMIN) => http().put(`/api/v1/departments/${id}`).set('Authorization', token).send(body),
    remove: (id: string, token = ADMIN, query: Record<string, unknown> = {}) =>
      http().delete(`/api/v1/departments/${id}`).query(query).set('Authorization', token),
    /** Creates a department that must be created, and returns it. */
    async add(name: string, parentId: string | null = null, extra: Record<string, unknown> = {}): Promise<Department> {
      const res = await http()
        .post('/api/v1/departments')
        .set('Authorization', ADMIN)
        .send({ name, parentId, ...extra });
      expect(res.status, res.text).to.equal(201);
      return res.body.data as Department;
    },
  };
}

/** The tree as names, each node's children in parentheses: `A(A1(A1a),A2),B`. */
export function shape(nodes: readonly DepartmentNode[]): string {
  return nodes.map((n) => (n.children.length > 0 ? `${n.name}(${shape(n.children)})` : n.name)).join(',');
}

export function names(res: Response): string[] {
  return (res.body.data.items as Department[]).map((d) => d.name);
}
