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
}

interface ParamSpec {
  key: string;
  name: string;
  description?: string;
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
   * The param's current value, typed by its definition. Served from a per-instance cache that
   * every update invalidates on every instance, so a change applies at the next read and no read
   * re-queries the database. A missing row, or a stored value that does not fit the definition
   * (a warning is logged), answers the definition's default.
   */
  get<T>(definition: ParamDefinition<T>): Promise<T>;
}

export const ParamsApi = publicApi<Params>('params.Params');

/** What a module contributes to `params.builtin`: the params it reads. */
export interface BuiltinParams {
  definitions: readonly ParamDefinition<unknown>[];
}

export const BuiltinParamsSpi = spi<BuiltinParams>('params.builtin');
