import { isUuid } from '../db/ids';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/app-error';
import { KernelErrors } from '../errors/kernel-errors';
import { UNSCOPED } from '../auth/row-scope';
import type { Row, TreeDeclaration } from './resource-declaration';

/** A row of a tree as the API shows it: its view and its children's. */
export type TreeNode = Record<string, unknown> & { children: TreeNode[] };

/**
 * Nests views under their parents, keeping the order they come in among siblings. A row whose
 * parent is not among them (outside the caller's scope, or filtered out) is a root: the caller
 * sees the part of the tree they may, not nothing. With `orphans: 'hidden'` it is left out with
 * its subtree instead, and so is a cycle (which reaches no root).
 */
export function nest(views: readonly Record<string, unknown>[], parent: string, orphans: 'root' | 'hidden' = 'root'): TreeNode[] {
  const nodes = new Map<string, TreeNode>(views.map((view) => [view.id as string, { ...view, children: [] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node[parent] as string | null;
    const above = parentId === null ? undefined : nodes.get(parentId);
    if (above) above.children.push(node);
    else if (parentId === null || orphans === 'root') roots.push(node);
  }
  return roots;
}

/**
 * The tree rules of a write: a parent must exist and be visible to the caller, a move must not
 * put a row under itself or its own descendant. Moves take turns (a transaction-scoped advisory
 * lock per table), so two of them cannot close a cycle between their checks.
 */
export class TreeRules {
  constructor(
    private readonly tree: TreeDeclaration,
    private readonly entity: string,
    private readonly what: string,
  ) {}

  /** `where`: the declaration's own conditions; a row they hide is no parent either. */
  async requireParent(em: EntityManager, parentId: string | null, where?: Record<string, unknown>): Promise<void> {
    if (parentId === null) return;
    if (!isUuid(parentId) || (await em.count(this.entity, { ...where, id: parentId })) === 0) throw this.parentGone(parentId);
  }

  async checkMove(em: EntityManager, row: Row, parentId: string | null, where?: Record<string, unknown>): Promise<void> {
    if (parentId === null) return;
    await this.requireParent(em, parentId, where);
    const meta = em.getMetadata().get(this.entity);
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`atrium.tree.${meta.tableName}`]);
    const subtree = await this.withDescendants(em, row.id as string);
    if (subtree.includes(parentId)) {
      const why = parentId === row.id ? `is the ${this.what} itself` : `is a descendant of the ${this.what}`;
      throw new AppError(this.tree.cycle, { details: [{ field: `/body/${this.tree.parent}`, rule: 'acyclic', message: why }] });
    }
  }

  /** Children the caller cannot see still keep a row: the scope hides rows, it does not delete them. */
  async refuseWithChildren(em: EntityManager, id: string): Promise<void> {
    const children = await em.count(this.entity, { [this.tree.parent]: id }, UNSCOPED);
    if (children > 0) {
      throw new AppError(this.tree.hasChildren, {
        details: [{ field: '/params/id', rule: 'in-use', message: `it has ${children} child ${children === 1 ? 'row' : 'rows'}` }],
      });
    }
  }

  parentGone(parentId: string | null): AppError {
    return new AppError(KernelErrors.VALIDATION_FAILED_400, {
      details: [{ field: `/body/${this.tree.parent}`, rule: 'exists', message: `no ${this.what} ${parentId}` }],
    });
  }

  /** A row and every row below it, nearest first, in one query; raw SQL, so no filter narrows it. */
  async withDescendants(em: EntityManager, id: string): Promise<string[]> {
    if (!isUuid(id)) return [];
    const meta = em.getMetadata().get(this.entity);
    const table = em.getConnection().getPlatform().quoteIdentifier(meta.tableName);
    const key = meta.properties.id.fieldNames[0];
    const parent = meta.properties[this.tree.parent].fieldNames[0];
    const rows = await em.execute<{ id: string }[]>(
      `with recursive tree (id, depth) as (
         select ${key}, 0 from ${table} where ${key} = ?
         union all
         select r.${key}, t.depth + 1 from ${table} r join tree t on r.${parent} = t.id
       ) cycle id set looped using path
       select id from tree where not looped order by depth, id`,
      [id],
    );
    return rows.map((row) => row.id);
  }
}
