import { useCan, useList } from '@refinedev/core';
import { useMemo } from 'react';
import { useDepartmentTree, type DepartmentNode } from '../departments/department-tree';

/** The codes the notices API checks (modules/notices/README.md), which hide the buttons behind them. */
export const NOTICE_PERMISSIONS = {
  add: 'notices:notice:add',
  edit: 'notices:notice:edit',
  remove: 'notices:notice:remove',
  publish: 'notices:notice:publish',
} as const;

export const NOTICE_TYPES = ['notice', 'announcement'] as const;
export const NOTICE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
/** Everyone, chosen roles, or chosen departments with every department under them. */
export const NOTICE_AUDIENCES = ['all', 'roles', 'departments'] as const;

export type NoticeType = (typeof NOTICE_TYPES)[number];
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** A notice as the list and the item answer it. */
export interface Notice {
  id: string;
  title: string;
  content: string;
  contentHtml: string;
  type: NoticeType;
  status: NoticeStatus;
  audience: NoticeAudience;
  audienceIds: string[];
  publishedAt: string | null;
  createdAt: string;
  version: number;
}

/** The colour of each state's tag: a draft grey, a published notice green, a withdrawn one orange. */
export const STATUS_COLORS: Record<NoticeStatus, string> = { draft: 'default', published: 'green', withdrawn: 'orange' };

/** Only a draft or a withdrawn notice is edited or published, only a published one withdrawn (the API answers 409 otherwise). */
export const editable = (notice: Notice) => notice.status !== 'published';

/**
 * What an audience can name: the roles (the first 200, the API's largest page) and the department
 * tree, each read only by whoever may list them, for the form's pickers and the list's names.
 */
export function useAudienceChoices() {
  const { data: may } = useCan({ resource: 'roles', action: 'list', params: { permission: 'system:role:list' } });
  const { result } = useList<{ id: string; name: string }>({
    resource: 'roles',
    pagination: { pageSize: 200 },
    queryOptions: { enabled: may?.can === true },
  });
  const departments = useDepartmentTree();
  return useMemo(() => {
    const names = new Map(result.data.map((role) => [role.id, role.name]));
    namesOf(departments.nodes, names);
    return {
      roles: result.data.map((role) => ({ value: role.id, label: role.name })),
      departments: departments.nodes,
      /** A role's or a department's name; its id where the caller may not list them. */
      nameOf: (id: string) => names.get(id) ?? id,
    };
  }, [result.data, departments.nodes]);
}

export type AudienceChoices = ReturnType<typeof useAudienceChoices>;

function namesOf(nodes: DepartmentNode[], into: Map<string, string>): void {
  for (const node of nodes) {
    into.set(node.key, node.title);
    namesOf(node.children, into);
  }
}
