import { ForeignKeyConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AppError,
  KernelErrors,
  UNSCOPED,
  checkVersion,
  escapeLike,
  flushChanges,
  notFound,
  type DbCapability,
  type EventsCapability,
  type ErrorDetail,
  type Page,
  type PageRequest,
} from '@atrium/kernel';
import { TREE_CHANGED, type DepartmentUsage } from './api';
import { DepartmentEntity, type Department, type DepartmentStatus } from './department.entity';
import { withDescendants } from './department-tree';
import { nest, toView, type DepartmentNode, type DepartmentView } from './department-view';
import { DepartmentErrors } from './errors';

export interface DepartmentFilters {
  keyword?: string;
  status?: DepartmentStatus;
  parentId?: string;
}

export interface DepartmentInput {
  parentId?: string | null;
  name: string;
  sort?: number;
  status?: DepartmentStatus;
}

/** What an update may change; an absent field keeps its value, `parentId: null` makes a root. */
export type DepartmentChange = Partial<DepartmentInput>;

const UNIQUE = {
  departments_department_sibling_name_key: { error: DepartmentErrors.SYSTEM_DEPT_DUPLICATED_409, field: '/body/name' },
};

/** Moves take turns (a transaction-scoped advisory lock), so two of them cannot close a cycle. */
const MOVE_LOCK = 0x64657074; // "dept"

/**
 * The departments. Reads and writes go through the request's EntityManager, so on these
 * row-scoped routes the kernel's filter narrows them to the caller's data scope: a department
 * outside it is not found. What must see the whole tree (children, descendants) says so.
 */
export class DepartmentService {
  constructor(
    private readonly db: DbCapability,
    private readonly events: EventsCapability,
    private readonly usages: () => readonly DepartmentUsage[],
  ) {}

  async list(page: PageRequest, filters: DepartmentFilters): Promise<Page<DepartmentView>> {
    const orderBy = { ...page.orderBy({ sort: 'asc', name: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.db.em().findAndCount(DepartmentEntity, where(filters), { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toView), total);
  }

  async tree(status?: DepartmentStatus): Promise<DepartmentNode[]> {
    const rows = await this.db.em().find(DepartmentEntity, where({ status }), { orderBy: { sort: 'asc', name: 'asc', id: 'asc' } });
    return nest(rows);
  }

  async get(id: string): Promise<DepartmentView> {
    return toView(await load(this.db.em(), id));
  }

  async create(input: DepartmentInput): Promise<DepartmentView> {
    const em = this.db.em();
    const parentId = input.parentId?.toLowerCase() ?? null;
    if (parentId !== null) await requireParent(em, parentId);
    const department = em.create(DepartmentEntity, { parentId, name: input.name.trim(), sort: input.sort ?? 0, status: input.status ?? 'active' });
    await save(em, () => parentGone(parentId));
    await this.treeChanged(department.id);
    return toView(department);
  }

  async update(id: string, change: DepartmentChange, version: number): Promise<DepartmentView> {
    const { department, moved } = await this.db.transactional(async (em) => {
      const found = await load(em, id);
      checkVersion(found.version, version);
      const parentId = change.parentId === undefined ? (found.parentId ?? null) : (change.parentId?.toLowerCase() ?? null);
      const moving = parentId !== (found.parentId ?? null);
      if (moving) await checkMove(em, found, parentId);
      if (change.name !== undefined) found.name = change.name.trim();
      if (change.sort !== undefined) found.sort = change.sort;
      if (change.status !== undefined) found.status = change.status;
      found.parentId = parentId;
      await save(em, () => parentGone(parentId));
      return { department: found, moved: moving };
    });
    if (moved) await this.treeChanged(id);
    return toView(department);
  }

  /** Refused while the department has children or any module still counts rows in it. */
  async remove(id: string, version?: number): Promise<void> {
    const em = this.db.em();
    const department = await load(em, id);
    checkVersion(department.version, version, '/query/version');
    const uses: ErrorDetail[] = [];
    // Children the caller cannot see still keep it: the scope hides rows, it does not delete them.
    const children = await em.count(DepartmentEntity, { parentId: id }, UNSCOPED);
    if (children > 0) uses.push(inUse('sub-departments', children));
    for (const usage of this.usages()) {
      const count = await usage.countIn(id);
      if (count > 0) uses.push(inUse(usage.what, count));
    }
    if (uses.length > 0) throw new AppError(DepartmentErrors.SYSTEM_DEPT_IN_USE_409, { details: uses });
    em.remove(department);
    // A child created since the count: the foreign key refuses the delete.
    await save(
      em,
      () => new AppError(DepartmentErrors.SYSTEM_DEPT_IN_USE_409, { details: [{ rule: 'in-use', message: 'sub-departments were added meanwhile' }] }),
    );
    await this.treeChanged(id);
  }

  private treeChanged(deptId: string): Promise<void> {
    return this.events.publish(TREE_CHANGED, { deptId });
  }
}

function where({ keyword, status, parentId }: DepartmentFilters): FilterQuery<Department> {
  return {
    ...(keyword ? { name: { $ilike: `%${escapeLike(keyword)}%` } } : {}),
    ...(status ? { status } : {}),
    ...(parentId ? { parentId } : {}),
  };
}

async function load(em: EntityManager, id: string): Promise<Department> {
  const department = await em.findOne(DepartmentEntity, { id });
  if (!department) throw notFound('department', id);
  return department;
}

/**
 * The new parent must be visible to the caller and must not lie in the department's own
 * subtree. Runs in the move's transaction, after taking the move lock, so the subtree it reads
 * is the one the move will commit against.
 */
async function checkMove(em: EntityManager, department: Department, parentId: string | null): Promise<void> {
  if (parentId === null) return;
  await requireParent(em, parentId);
  await em.execute('select pg_advisory_xact_lock(?)', [MOVE_LOCK]);
  const subtree = await withDescendants(em, department.id);
  if (subtree.includes(parentId)) {
    const why = parentId === department.id ? 'is the department itself' : 'is a descendant of the department';
    throw new AppError(DepartmentErrors.SYSTEM_DEPT_CYCLE_409, { details: [{ field: '/body/parentId', rule: 'acyclic', message: why }] });
  }
}

/** A parent outside the caller's scope is as absent as one that does not exist. */
async function requireParent(em: EntityManager, parentId: string): Promise<void> {
  if ((await em.count(DepartmentEntity, { id: parentId })) === 0) throw parentGone(parentId);
}

function parentGone(parentId: string | null): AppError {
  return new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/parentId', rule: 'exists', message: `no department ${parentId}` }] });
}

function inUse(what: string, count: number): ErrorDetail {
  return { rule: 'in-use', message: `${what}: ${count}` };
}

/** Flushes, turning a foreign-key refusal (a parent deleted, or a child added, meanwhile) into `onForeignKey()`. */
async function save(em: EntityManager, onForeignKey: () => AppError): Promise<void> {
  try {
    await flushChanges(em, UNIQUE);
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) throw onForeignKey();
    throw error;
  }
}
