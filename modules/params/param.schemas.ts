import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { KEY_MAX_LENGTH, NAME_MAX_LENGTH, REMARK_MAX_LENGTH, VALUE_MAX_LENGTH } from './param-value';

export const ParamSchema = resourceViewSchema('Param', {
  key: Type.String(),
  value: Type.String({ description: 'Always a string ("5", "true"); a built-in param’s definition says how it is read.' }),
  name: Type.String(),
  builtin: Type.Boolean({ description: 'Declared by a module: its key and name are the module’s; the platform’s cannot be deleted.' }),
  remark: Type.Union([Type.String(), Type.Null()]),
  inherited: Type.Boolean({
    description:
      'The platform’s default, which the tenant reads but does not change (override it by creating a param with its key); false for the tenant’s own.',
  }),
});

const KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]*$';
const Key = Type.String({
  minLength: 1,
  maxLength: KEY_MAX_LENGTH,
  pattern: KEY_PATTERN,
  description: 'Letters, digits, `_`, `.` and `-`; unique whatever the case.',
});
const Value = Type.String({ maxLength: VALUE_MAX_LENGTH, description: 'A built-in param’s value must fit its type and range.' });
/** Trimmed before it is stored. */
const Name = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' });
const Remark = Type.Union([Type.String({ maxLength: REMARK_MAX_LENGTH }), Type.Null()]);

export const CreateParamBody = named(
  'ParamCreate',
  Type.Object({
    key: Key,
    value: Value,
    name: Name,
    remark: Type.Optional(Remark),
  }),
);

export const UpdateParamBody = named(
  'ParamUpdate',
  Type.Object({
    key: Type.Optional(Key),
    value: Type.Optional(Value),
    name: Type.Optional(Name),
    remark: Type.Optional(Remark),
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);

export const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: KEY_MAX_LENGTH, pattern: KEY_PATTERN }) });
