import { useCan, useCustom } from '@refinedev/core';
import type { DataNode } from 'antd/es/tree';
import { DEPT_PERMISSIONS } from './permissions';

/** A node of GET /departments/tree. */
export interface Department {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
  status: 'active' | 'disabled';
  version: number;
  children: Department[];
}

/** Ant Design's tree data (Tree and TreeSelect take the same shape). */
export interface DepartmentNode extends DataNode {
  key: string;
  value: string;
  title: string;
  department: Department;
  children: DepartmentNode[];
}

/**
 * The department tree the caller may see, shared by the departments page and the users page's
 * filter and form; `refetch` after a write, since the tree is not a Refine resource that its
 * mutations invalidate. Not asked of a user who may not list departments: the tree is empty.
 */
export function useDepartmentTree() {
  const { data: may } = useCan({ resource: 'departments', action: 'list', params: { permission: DEPT_PERMISSIONS.list } });
  const { result, query } = useCustom<{ items: Department[] }>({ url: '/departments/tree', method: 'get', queryOptions: { enabled: may?.can === true } });
  const items = result.data?.items ?? [];
  return { nodes: items.map(toNode), loading: query.isLoading, refetch: query.refetch };
}

function toNode(department: Department): DepartmentNode {
  return { key: department.id, value: department.id, title: department.name, department, children: (department.children ?? []).map(toNode) };
}
