import type { Department, DepartmentStatus } from './department.entity';

/** A department as the API shows it. */
export interface DepartmentView {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
  status: DepartmentStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface DepartmentNode extends DepartmentView {
  children: DepartmentNode[];
}

export function toView(department: Department): DepartmentView {
  return {
    id: department.id,
    parentId: department.parentId ?? null,
    name: department.name,
    sort: department.sort,
    status: department.status,
    version: department.version,
    createdAt: department.createdAt.toISOString(),
    updatedAt: department.updatedAt.toISOString(),
  };
}

/**
 * Nests departments under their parents, keeping the order they come in among siblings. A
 * department whose parent is not among them (outside the caller's scope, or filtered out) is a
 * root: the caller sees the part of the tree they may, not nothing.
 */
export function nest(departments: readonly Department[]): DepartmentNode[] {
  const nodes = new Map(departments.map((d) => [d.id, { ...toView(d), children: [] as DepartmentNode[] }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
