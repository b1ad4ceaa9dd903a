import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnyEntity, EntitySchema, FilterQuery } from '@mikro-orm/core';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { AppError } from '../errors/app-error';
import type { ErrorDefinition } from '../errors/error-definition';
import type { UniqueConflict } from '../db/write-guards';
import type { RowScopeMapping } from '../auth/row-scope';
import type { ModuleContext } from '../module-api/module-context';
import type { Principal } from '../auth/principal';
import type { SortDirection } from '../http/pagination';
import type { ResourceFilter } from './resource-filters';
import type { ExportDeclaration } from './export-columns';

/** A stored row as the kit handles it: the entity's properties by name. */
export type Row = Record<string, unknown> & AnyEntity;

/** What a hook is handed: the module, and the EntityManager of the write's transaction. */
export interface WriteContext {
  ctx: ModuleContext;
  em: EntityManager;
  /** Who asks for the write; null outside a request (a seed, a task). */
  principal: Principal | null;
}

/** The operations a resource always has (export: its list as a spreadsheet), and the tree read of one with a parent. */
export type ResourceOperation = 'list' | 'get' | 'create' | 'update' | 'delete' | 'tree' | 'export';

/** The words the routes' summaries, descriptions and not-found messages use. */
export interface ResourceLabels {
  /** One of them, lower case: `post`. Also the audit log's resource name. */
  one: string;
  /** Several, lower case: `posts`. */
  many: string;
}

/** Permission codes by operation; `'system:post'` stands for `system:post:list|query|add|edit|remove|export`. */
export interface ResourcePermissions {
  list: string;
  query: string;
  add: string;
  edit: string;
  remove: string;
  /** Without it (codes spelled out), the resource has no export route. */
  export?: string;
}

/**
 * What is special about a resource, run inside the write's transaction. A hook refuses by
 * throwing an AppError; nothing of the write is kept then.
 */
export interface ResourceHooks {
  /** Before a new row is stored: `fields` are the stored values (defaults applied), editable. */
  beforeCreate?(fields: Record<string, unknown>, write: WriteContext): Promise<void> | void;
  /** Before a change is applied: `row` as stored, `change` the fields sent (without `version`). */
  beforeUpdate?(row: Row, change: Record<string, unknown>, write: WriteContext): Promise<void> | void;
  /** Before a row is deleted (refuse while something still needs it). */
  beforeDelete?(row: Row, write: WriteContext): Promise<void> | void;
  /**
   * Before the delete's transaction, with the row found and its version checked: checks that ask
   * other modules, which read on connections of their own (inside the transaction they would wait
   * for the embedded database's only one). As racy as any check outside a transaction: what must
   * hold at commit belongs to `beforeDelete` or a constraint.
   */
  checkDelete?(row: Row, ctx: ModuleContext, principal: Principal | null): Promise<void> | void;
  /**
   * Before a create's or an update's transaction, with the fields sent (an update's without
   * `version`) and the caller: like `checkDelete`, for checks that ask other modules (a value one
   * of their lists must hold, a role the caller may hand out).
   */
  checkWrite?(fields: Record<string, unknown>, ctx: ModuleContext, principal: Principal | null): Promise<void> | void;
  /**
   * After the write committed: caches to drop, events to publish. `before` is absent on create,
   * `after` on delete. A failure here is the module's to handle: the write is already kept.
   */
  afterWrite?(change: { action: 'create' | 'update' | 'delete'; before?: Row; after?: Row }, ctx: ModuleContext): Promise<void> | void;
}

/** A resource whose rows hang under a parent of the same resource. */
export interface TreeDeclaration {
  /** The property holding the parent's id (null for a root). */
  parent: string;
  /** Answered when a move would put a row under itself or its own descendant. */
  cycle: ErrorDefinition;
  /** Answered when a row with children is deleted. */
  hasChildren: ErrorDefinition;
  /** Query filters the tree read accepts (a subset of the list's). */
  filters?: readonly string[];
  /** The view fields a node carries besides its children; every view field when left out. */
  node?: readonly string[];
  /**
   * A row whose parent is not among the rows read: a root (`'root'`, the default: the caller sees
   * the part of the tree their scope lets them), or left out with everything below it
   * (`'hidden'`: a parent the declaration's `where` hides takes its subtree along).
   */
  orphans?: 'root' | 'hidden';
}

/**
 * The row of another resource a nested resource lives under, named by the path
 * (`/dictionaries/{code}/items`): every read and write is confined to it.
 */
export interface ResourceOwner {
  /** The path parameter naming the owner (`code`), and its schema. */
  param: string;
  schema: TSchema;
  /** The conditions that put a row under the owner (stored by a create too); null when there is no such owner. */
  resolve(value: string, em: EntityManager): Promise<Record<string, unknown> | null>;
  /** The 404 for an owner that does not exist, or that was deleted while a row was being added. */
  missing(value: string): AppError;
}

/** One resource, declared once: everything its routes, catalog entries and writes need. */
export interface ResourceDeclaration<V extends TObject = TObject, C extends TObject = TObject, U extends TObject = TObject> {
  /** The collection path under `/api/v1`: `/posts`. Items are `<path>/{id}`. */
  path: string;
  entity: EntitySchema<never, never> | EntitySchema;
  /** The primary key's property, when it is not `id` (a table made elsewhere); the path's `{id}` holds its value. */
  key?: string;
  labels: ResourceLabels;
  permissions: string | ResourcePermissions;
  /** Named schemas (`named('Post', …)`): what the API shows, what create and update accept. */
  schemas: { view: V; create: C; update: U; id?: TSchema };
  /** Query filters of the list: name → how it narrows. */
  filters?: Readonly<Record<string, ResourceFilter>>;
  /** The sort whitelist: API field → entity property. */
  sort: Readonly<Record<string, string>>;
  /** The order without a `sort` parameter; the id breaks ties, ascending unless this order names it. */
  defaultSort: Readonly<Record<string, SortDirection>>;
  /** Unique indexes by constraint name, with the 409 each answers. */
  unique?: Readonly<Record<string, UniqueConflict>>;
  /** Foreign keys by constraint name, with the request field that holds each. */
  references?: Readonly<Record<string, string>>;
  /** Answered when rows of other tables still refer to one being deleted. */
  inUse?: ErrorDefinition;
  /** Values of fields a create leaves out (a function is called per create). */
  defaults?: Readonly<Record<string, unknown>>;
  /** Text fields stored trimmed. */
  trim?: readonly string[];
  /** Data scope: which properties hold the row's department and owner. */
  scope?: RowScopeMapping;
  tree?: TreeDeclaration;
  hooks?: ResourceHooks;
  /** The view, when it is more than the stored properties the view schema names. */
  view?(row: Row): unknown;
  /**
   * The views of rows, a page at a time, when they hold fields kept in tables of their own (a
   * role's permission codes): read with the EntityManager of the read, or of the write's
   * transaction for the view before a change (a delete's, before its rows go). Every read, write
   * answer and audit record then takes its views from here; `view` is not asked.
   */
  views?(rows: readonly Row[], em: EntityManager): Promise<Record<string, unknown>[]>;
  /** The owner of a nested resource; its path goes under `path`'s `{param}`. */
  within?: ResourceOwner;
  /**
   * The columns of the list's spreadsheet export (`GET <path>/export`); every field of the view
   * schema, headed by its `title` or name, when left out (export-columns.ts).
   */
  export?: ExportDeclaration;
  /** Operations the module serves with routes of its own (a list read from a cache), or not at all (`export`). */
  omit?: readonly ResourceOperation[];
  /** Catalogued errors the hooks answer, by operation, for the catalog. */
  errors?: Partial<Record<ResourceOperation, readonly ErrorDefinition[]>>;
  /** Overrides of the generated summaries and descriptions. */
  docs?: Partial<Record<ResourceOperation, { summary?: string; description?: string }>>;
  /**
   * Conditions every read and write adds (a resource sharing its table with another); a function
   * when they depend on the running system, asked at each request.
   */
  where?: FilterQuery<Row> | ((ctx: ModuleContext) => FilterQuery<Row>);
}

export function permissionsOf(declared: string | ResourcePermissions): ResourcePermissions {
  if (typeof declared !== 'string') return declared;
  return {
    list: `${declared}:list`,
    query: `${declared}:query`,
    add: `${declared}:add`,
    edit: `${declared}:edit`,
    remove: `${declared}:remove`,
    export: `${declared}:export`,
  };
}
