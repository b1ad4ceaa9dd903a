/** The params module's public contract. */
import { publicApi, spi } from '@atrium/kernel';

export type ParamType = 'integer' | 'string' | 'boolean';

/**
 * A built-in param as the module that reads it declares it. The stored value is a string (the
 * API's `value`); `type`, `min`, `max` and `pattern` say which strings fit. For an integer `min`
 * and `max` bound the number, for a string its length (in characters); `pattern` (a regular
 * expression, matched against the whole value) applies to strings.
 */
export interface ParamDefinition<T> {
  /** `<module>.<name>`: letters, digits and dots, e.g. `auth.login.maxFailures`. */
  readonly key: string;
  /** What the param is, as an operator reads it in the list. */
  readonly name: string;
  readonly type: ParamType;
  /** The value until an operator changes it, and whenever the stored one does not fit. */
  readonly default: T;
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: string;
  /** Kept as the param's `remark` when it is created. */
  readonly description?: string;
  /**
   * Each tenant may set its own value (a tenant's password policy), read in its tenant instead of
   * the platform's. Without it the param is the platform's alone: every tenant reads the
   * platform's value, and a tenant's try at its own is `403 SYSTEM_PARAM_PLATFORM_ONLY_403`. Set
   * it only for a param the module reads in the tenant it serves (not before the caller is known,
   * not in platform work such as a purge), and whose every allowed value is safe for any tenant
   * to choose.
   */
  readonly perTenant?: boolean;
}

interface ParamSpec {
  key: string;
  name: string;
  description?: string;
  perTenant?: boolean;
}

export interface IntegerParamSpec extends ParamSpec {
  type: 'integer';
  default: number;
  min?: number;
  max?: number;
}

export interface StringParamSpec extends ParamSpec {
  type: 'string';
  default: string;
  /** Length bounds, in characters. */
  min?: number;
  max?: number;
  pattern?: string;
}

export interface BooleanParamSpec extends ParamSpec {
  type: 'boolean';
  default: boolean;
}

/**
 * Declares a built-in param, typed by its `type`: `defineParam({ type: 'integer', … })` is a
 * `ParamDefinition<number>`. Pure: params checks the definition when it syncs the built-ins.
 */
export function defineParam(spec: IntegerParamSpec): ParamDefinition<number>;
export function defineParam(spec: StringParamSpec): ParamDefinition<string>;
export function defineParam(spec: BooleanParamSpec): ParamDefinition<boolean>;
export function defineParam(spec: IntegerParamSpec | StringParamSpec | BooleanParamSpec): ParamDefinition<unknown> {
  return Object.freeze({ ...spec });
}

export interface Params {
  /**
   * The param's current value in the current tenant, typed by its definition: the tenant's
   * override, else the platform default (work in no tenant reads the platform's). Served from a
   * per-instance cache, per key and tenant, that every update invalidates on every instance, so
   * a change applies at the next read and no read re-queries the database. A stored value that
   * does not fit the definition is passed over (a warning is logged): a tenant's for the
   * platform's, the platform's for the definition's default, which a missing row answers too.
   */
  get<T>(definition: ParamDefinition<T>): Promise<T>;
}

export const ParamsApi = publicApi<Params>('params.Params');

/** What a module contributes to `params.builtin`: the params it reads. */
export interface BuiltinParams {
  definitions: readonly ParamDefinition<unknown>[];
}

export const BuiltinParamsSpi = spi<BuiltinParams>('params.builtin');
