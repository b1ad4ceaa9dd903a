import { ForeignKeyConstraintViolationException, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordChange } from '../audit/change-record';
import type { AppError } from '../errors/app-error';
import { checkVersion, flushChanges, notFound } from '../db/write-guards';
import { builtStatement, statementOf, type BuiltStatement } from '../db/built-statements';
import { countPast, pageTotal } from '../db/page-total';
import { plainRows } from '../db/plain-rows';
import { rowChangesColumn, trackableTable } from '../db/row-changes';
import type { Page, PageRequest } from '../http/pagination';
import type { ModuleContext } from '../module-api/module-context';
import { filterConditions } from './resource-filters';
import type { ResourceDeclaration, Row, WriteContext } from './resource-declaration';
import { currentRequest } from '../runtime/request-context';
import { nest, TreeRules, type TreeNode } from './resource-tree';
import { readBatches } from './resource-batches';

/**
 * The reads and writes of one declared resource, on the request's EntityManager (so data scope
 * applies) and, for writes, in one transaction with the module's hooks: a hook that refuses
 * leaves nothing written. Every write is recorded in the request's audit record with the view
 * before and after. Stateless: one per call.
 */
export class ResourceService {
  private readonly entity: string;
  private readonly key: string;
  private readonly rules?: TreeRules;

  constructor(
    private readonly declaration: ResourceDeclaration,
    private readonly view: (row: Row) => Record<string, unknown>,
    private readonly ctx: ModuleContext,
    private readonly owner: { conditions: Record<string, unknown>; missing: () => AppError } | null = null,
  ) {
    this.entity = (declaration.entity as { meta: { className: string } }).meta.className;
    this.key = declaration.key ?? 'id';
    if (declaration.tree) this.rules = new TreeRules(declaration.tree, this.entity, declaration.labels.one);
  }

  /**
   * A page, and its total: a short page is the last, so its total needs no count; otherwise the
   * total is counted up to the exact-count limit and estimated beyond it (`totalIsEstimate`). On a
   * table whose row changes are tracked (a list-index migration tracks them), a total counted
   * before is reused until the table is written: its number is read in the page's statement.
   * The page's rows are read as plain rows (plain-rows.ts), not entities: nothing is written.
   */
  async list(page: PageRequest, query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    const em = this.ctx.db.em();
    const orderBy = this.listOrder(page);
    const { sql, params } = await this.pageStatement(em, query, orderBy, page);
    const found = await em.execute<Array<Record<string, unknown> & { row_changes?: string | number | null }>>(sql, [...params]);
    const changes = found[0]?.row_changes;
    for (const row of found) delete row.row_changes;
    const rows = plainRows(em, this.entity, found) as Row[];
    const total = page.isLast(rows.length)
      ? page.offset + rows.length
      : await pageTotal<Row>(em, this.entity, () => this.where(query), { rowChanges: changes });
    return page.result(await this.viewsOf(em, rows), total);
  }

  /**
   * Every row the list's filters select, in the list's order, a batch of views at a time (an
   * export): the list's conditions, order and data scope, read by keyset (resource-batches.ts).
   */
  batches(page: PageRequest, query: Record<string, unknown>): AsyncGenerator<Record<string, unknown>[]> {
    const em = this.ctx.db.em();
    return readBatches(em, { entity: this.entity, where: () => this.where(query), orderBy: this.listOrder(page) }, (rows) => this.viewsOf(em, rows));
  }

  /** How many rows the list's filters select: exactly while at most `limit`, past it an estimate (`countPast`). */
  total(query: Record<string, unknown>, limit: number): Promise<number> {
    return countPast<Row>(this.ctx.db.em(), this.entity, this.where(query), limit);
  }

  /** The request's sort or the default, then the key (ascending unless sorted on): pages never overlap. */
  private listOrder(page: PageRequest): Record<string, 'asc' | 'desc'> {
    const orderBy = { ...page.orderBy({ ...this.declaration.defaultSort }) };
    orderBy[this.key] ??= 'asc';
    return orderBy;
  }

  /** The page's SQL, built once per shape and scope (built-statements.ts), with the table's row-changes number. */
  private pageStatement(
    em: EntityManager,
    query: Record<string, unknown>,
    orderBy: Record<string, 'asc' | 'desc'>,
    page: PageRequest,
  ): Promise<BuiltStatement> {
    return builtStatement(em, this.entity, ['resource page', this.where(query), orderBy, page.limit, page.offset], async () => {
      const table = em.getMetadata().get(this.entity).tableName;
      const columns = trackableTable(table) ? ['*', raw(rowChangesColumn(table))] : ['*'];
      const qb = em
        .createQueryBuilder<Row, 'r'>(this.entity, 'r')
        .select(columns)
        .where(this.where(query))
        .orderBy(orderBy)
        .limit(page.limit)
        .offset(page.offset);
      await qb.applyFilters();
      return statementOf(qb);
    });
  }

  async tree(query: Record<string, unknown>): Promise<TreeNode[]> {
    const orderBy = { ...this.declaration.defaultSort, id: 'asc' as const };
    const em = this.ctx.db.em();
    const rows = await em.find<Row>(this.entity, this.where(query), { orderBy });
    const { parent, node, orphans } = this.declaration.tree!;
    const views = await this.viewsOf(em, rows);
    return nest(node ? views.map((view) => pick(view, node)) : views, parent, orphans);
  }

  async get(id: string): Promise<Record<string, unknown>> {
    const em = this.ctx.db.em();
    const [view] = await this.viewsOf(em, [await this.load(em, id)]);
    return view;
  }

  async create(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.declaration.hooks?.checkWrite?.(input, this.ctx, currentRequest()?.principal ?? null);
    const row = await this.ctx.db.transactional(async (em) => {
      const fields = { ...this.stored(input), ...this.owner?.conditions };
      for (const [name, value] of Object.entries(this.declaration.defaults ?? {})) {
        if (fields[name] === undefined) fields[name] = typeof value === 'function' ? (value as () => unknown)() : value;
      }
      const parent = this.declaration.tree?.parent;
      if (parent && this.rules) {
        fields[parent] = lowerId(fields[parent]);
        await this.rules.requireParent(em, fields[parent] as string | null, this.ownWhere());
      }
      await this.declaration.hooks?.beforeCreate?.(fields, this.write(em));
      const created = em.create<Row>(this.entity, fields);
      await this.flush(em, parent ? (fields[parent] as string | null) : null);
      return created;
    });
    const [after] = await this.viewsOf(this.ctx.db.em(), [row]);
    recordChange({ resource: this.declaration.labels.one, id: String(row[this.key]), action: 'create', after });
    await this.declaration.hooks?.afterWrite?.({ action: 'create', after: row }, this.ctx);
    return after;
  }

  async update(id: string, sent: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { version, ...input } = sent;
    await this.declaration.hooks?.checkWrite?.(input, this.ctx, currentRequest()?.principal ?? null);
    let before: Record<string, unknown> = {};
    let formerRow: Row = {} as Row;
    const row = await this.ctx.db.transactional(async (em) => {
      const found = await this.load(em, id);
      checkVersion(found.version as number, version as number | undefined);
      [before] = await this.viewsOf(em, [found]);
      formerRow = { ...found };
      const change = this.stored(input);
      const parent = this.declaration.tree?.parent;
      if (parent && this.rules && change[parent] !== undefined) {
        change[parent] = lowerId(change[parent]);
        if (change[parent] !== (found[parent] ?? null)) await this.rules.checkMove(em, found, change[parent] as string | null, this.ownWhere());
      }
      await this.declaration.hooks?.beforeUpdate?.(found, change, this.write(em));
      for (const [name, value] of Object.entries(change)) if (value !== undefined) found[name] = value;
      await this.flush(em, parent ? ((found[parent] as string | null) ?? null) : null);
      return found;
    });
    const [after] = await this.viewsOf(this.ctx.db.em(), [row]);
    recordChange({ resource: this.declaration.labels.one, id, action: 'update', before, after });
    await this.declaration.hooks?.afterWrite?.({ action: 'update', before: formerRow, after: row }, this.ctx);
    return after;
  }

  async remove(id: string, version?: number): Promise<void> {
    const check = this.declaration.hooks?.checkDelete;
    if (check) {
      const found = await this.load(this.ctx.db.em(), id);
      checkVersion(found.version as number, version, '/query/version');
      await check(found, this.ctx, currentRequest()?.principal ?? null);
    }
    let before: Record<string, unknown> = {};
    const row = await this.ctx.db.transactional(async (em) => {
      const found = await this.load(em, id);
      checkVersion(found.version as number, version, '/query/version');
      await this.declaration.hooks?.beforeDelete?.(found, this.write(em));
      if (this.rules) await this.rules.refuseWithChildren(em, id);
      [before] = await this.viewsOf(em, [found]);
      em.remove(found);
      await this.flush(em, null);
      return found;
    });
    recordChange({ resource: this.declaration.labels.one, id, action: 'delete', before });
    await this.declaration.hooks?.afterWrite?.({ action: 'delete', before: row }, this.ctx);
  }

  /** A row of a tree and every row below it, nearest first, whatever the caller's scope; [] for none. */
  withDescendants(id: string): Promise<string[]> {
    if (!this.rules) throw new Error(`resource ${this.declaration.path} is not a tree`);
    return this.rules.withDescendants(this.ctx.db.em(), id);
  }

  /** A row by id, within the caller's scope and the declaration's own conditions; else 404. */
  async load(em: EntityManager, id: string): Promise<Row> {
    const row = await em.findOne<Row>(this.entity, { ...this.ownWhere(), [this.key]: id });
    if (!row) throw notFound(this.declaration.labels.one, id);
    return row;
  }

  private where(query: Record<string, unknown>): Record<string, unknown> {
    const conditions = filterConditions(this.declaration.filters ?? {}, query);
    const own = this.ownWhere();
    if (own) conditions.push(own);
    return conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0] : { $and: conditions };
  }

  /**
   * The same service confined to the owner the path names (a nested resource); the owner's 404
   * when there is none.
   */
  async within(value: string): Promise<ResourceService> {
    const owner = this.declaration.within;
    if (!owner) throw new Error(`resource ${this.declaration.path} is not nested`);
    const conditions = await owner.resolve(value, this.ctx.db.em());
    if (!conditions) throw owner.missing(value);
    return new ResourceService(this.declaration, this.view, this.ctx, { conditions, missing: () => owner.missing(value) });
  }

  /** The views of rows: the declaration's when they read other tables, else each row's own. */
  private async viewsOf(em: EntityManager, rows: Row[]): Promise<Record<string, unknown>[]> {
    return this.declaration.views ? this.declaration.views(rows, em) : rows.map(this.view);
  }

  private write(em: EntityManager): WriteContext {
    return { ctx: this.ctx, em, principal: currentRequest()?.principal ?? null };
  }

  /** The declaration's own conditions, as they stand for this request, and the owner's. */
  private ownWhere(): Record<string, unknown> | undefined {
    const { where } = this.declaration;
    const own = (typeof where === 'function' ? where(this.ctx) : where) as Record<string, unknown> | undefined;
    return this.owner ? { ...own, ...this.owner.conditions } : own;
  }

  /** The fields sent, as stored: absent ones left out, declared text fields trimmed. */
  private stored(input: Record<string, unknown>): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input)) {
      if (value === undefined) continue;
      fields[name] = typeof value === 'string' && this.declaration.trim?.includes(name) ? value.trim() : value;
    }
    return fields;
  }

  /** Flushes; an owner deleted meanwhile (its foreign key) is the owner's 404, as if it never was. */
  private async flush(em: EntityManager, parentId: string | null): Promise<void> {
    try {
      await this.flushRow(em, parentId);
    } catch (error) {
      if (this.owner && error instanceof ForeignKeyConstraintViolationException) throw this.owner.missing();
      throw error;
    }
  }

  /** Flushes; a parent deleted meanwhile (its foreign key) is the same 400 as one that never was. */
  private async flushRow(em: EntityManager, parentId: string | null): Promise<void> {
    const { unique, references, inUse, tree } = this.declaration;
    if (this.rules && parentId !== null) {
      try {
        await flushChanges(em, unique, { references });
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw this.rules.parentGone(parentId);
        throw error;
      }
      return;
    }
    // A child added since the delete's count is refused by the foreign key: the same conflict.
    await flushChanges(em, unique, { references, inUse: inUse ?? tree?.hasChildren });
  }
}

function pick(view: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, view[name]]));
}

function lowerId(value: unknown): unknown {
  return typeof value === 'string' ? value.toLowerCase() : (value ?? null);
}
