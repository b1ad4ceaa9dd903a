/** The departments module's public contract: what other modules may import, and nothing else. */
import { publicApi, spi } from '@atrium/kernel';

export interface DepartmentTree {
  /** Whether a department exists (whatever the caller's data scope). */
  exists(id: string): Promise<boolean>;
  /** Ids of the departments among `ids` that do not exist. */
  missing(ids: readonly string[]): Promise<string[]>;
  /** The names of the departments among `ids`, by id, whatever the caller's data scope (what a user's export shows). */
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;
  /** The department's id followed by the ids of all its descendants; [] when it does not exist. */
  withDescendants(id: string): Promise<string[]>;
  /**
   * Ids of the departments a name path ends at: `['Sales']` names every department called Sales,
   * `['Head', 'Sales']` those called Sales directly under one called Head. Names compare trimmed
   * and case-insensitively. What a person writes in a spreadsheet, where ids are unknown.
   */
  findByPath(names: readonly string[]): Promise<string[]>;
}

export const DepartmentTreeApi = publicApi<DepartmentTree>('departments.DepartmentTree');

/** What keeps a department from being deleted: other modules count their rows in it. */
export interface DepartmentUsage {
  /** Plural noun for the 409 details, e.g. "users". */
  readonly what: string;
  /**
   * Rows of the module in the department. It is asked during a row-scoped request, so it must
   * count every row whatever the caller’s scope (query with `UNSCOPED` from @atrium/kernel).
   */
  countIn(deptId: string): Promise<number>;
}

export const DepartmentUsageSpi = spi<DepartmentUsage>('departments.usage');

/** Published (as `departments.tree-changed`, payload `{ deptId }`) after a department is created, moved or deleted. */
export const TREE_CHANGED = 'tree-changed';
