import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, KernelErrors, checkVersion, escapeLike, flushChanges, notFound, type ModuleContext, type Page, type PageRequest } from '@atrium/kernel';
import { declaredParams, normalKey } from './declared-params';
import { ParamErrors } from './errors';
import { ParamEntity, type Param } from './param.entity';
import { forgetParam } from './param-reader';
import { parseValue } from './param-value';

/** A param as the API shows it. */
export interface ParamView {
  id: string;
  key: string;
  value: string;
  name: string;
  builtin: boolean;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ParamFilters {
  keyword?: string;
  builtin?: boolean;
}

export interface ParamInput {
  key: string;
  value: string;
  name: string;
  remark?: string | null;
}

/** What an update may change; an absent field keeps its value. */
export type ParamChange = Partial<ParamInput>;

const UNIQUE = { params_param_key_key: { error: ParamErrors.SYSTEM_PARAM_DUPLICATED_409, field: '/body/key' } };

/**
 * The params. Every write drops the param's cached value on every instance once it is committed,
 * so the modules reading it see the change at their next read.
 */
export class ParamService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(page: PageRequest, { keyword, builtin }: ParamFilters): Promise<Page<ParamView>> {
    const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where: FilterQuery<Param> = {
      ...(pattern ? { $or: [{ key: { $ilike: pattern } }, { name: { $ilike: pattern } }] } : {}),
      ...(builtin !== undefined ? { builtin } : {}),
    };
    const orderBy = { ...page.orderBy({ key: 'asc' }), id: 'asc' } as const;
    const [rows, total] = await this.ctx.db.em().findAndCount(ParamEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toView), total);
  }

  async get(id: string): Promise<ParamView> {
    return toView(await load(this.ctx.db.em(), id));
  }

  async byKey(key: string): Promise<ParamView> {
    const param = await this.ctx.db.em().findOne(ParamEntity, { key: { $ilike: escapeLike(key) } });
    if (!param) throw notFound('param', key, '/params/key');
    return toView(param);
  }

  async create(input: ParamInput): Promise<ParamView> {
    const em = this.ctx.db.em();
    const param = em.create(ParamEntity, { key: input.key, value: input.value, name: input.name.trim(), builtin: false, remark: input.remark ?? null });
    await flushChanges(em, UNIQUE);
    // A module may read a key an operator adds (with a default until then).
    await forgetParam(this.ctx, param.key);
    return toView(param);
  }

  async update(id: string, change: ParamChange, version: number): Promise<ParamView> {
    const em = this.ctx.db.em();
    const param = await load(em, id);
    checkVersion(param.version, version);
    const formerKey = param.key;
    if (param.builtin) this.checkBuiltinChange(param, change);
    if (change.key !== undefined) param.key = change.key;
    if (change.value !== undefined) param.value = change.value;
    if (change.name !== undefined) param.name = change.name.trim();
    if (change.remark !== undefined) param.remark = change.remark;
    await flushChanges(em, UNIQUE);
    await forgetParam(this.ctx, formerKey);
    if (normalKey(formerKey) !== normalKey(param.key)) await forgetParam(this.ctx, param.key);
    return toView(param);
  }

  async remove(id: string, version?: number): Promise<void> {
    const em = this.ctx.db.em();
    const param = await load(em, id);
    if (param.builtin) throw builtin('delete', '/params/id', `${param.key} is built in: it cannot be deleted`);
    checkVersion(param.version, version, '/query/version');
    em.remove(param);
    await flushChanges(em);
    await forgetParam(this.ctx, param.key);
  }

  /**
   * A built-in keeps its key and its definition's name, and takes only values its definition
   * accepts. One whose module is not enabled has no definition to hold it to just now.
   */
  private checkBuiltinChange(param: Param, change: ParamChange): void {
    if (change.key !== undefined && change.key !== param.key) throw builtin('key', '/body/key', `${param.key} is built in: its key cannot change`);
    if (change.name !== undefined && change.name.trim() !== param.name)
      throw builtin('name', '/body/name', `${param.key} is built in: its name comes from its module`);
    const definition = declaredParams(this.ctx).byKey.get(normalKey(param.key));
    if (change.value === undefined || !definition) return;
    const fit = parseValue(definition, change.value);
    if (!fit.ok) {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: [{ field: '/body/value', rule: fit.rule, message: `${param.key} ${fit.message}` }] });
    }
  }
}

function builtin(rule: string, field: string, message: string): AppError {
  return new AppError(ParamErrors.SYSTEM_PARAM_BUILTIN_409, { details: [{ field, rule, message }] });
}

async function load(em: EntityManager, id: string): Promise<Param> {
  const param = await em.findOne(ParamEntity, { id });
  if (!param) throw notFound('param', id);
  return param;
}

function toView(param: Param): ParamView {
  return {
    id: param.id,
    key: param.key,
    value: param.value,
    name: param.name,
    builtin: param.builtin,
    remark: param.remark ?? null,
    version: param.version,
    createdAt: param.createdAt.toISOString(),
    updatedAt: param.updatedAt.toISOString(),
  };
}
