import { type Static, Type, named, resourceViewSchema } from '@atrium/kernel';

/** A permission a role may grant: three segments, each a code segment or `*` (`system:*:list`, `*:*:*`). */
const SEGMENT = '(?:\\*|[A-Za-z][A-Za-z0-9_-]*)';
const GRANTED_CODE = `^${SEGMENT}:${SEGMENT}:${SEGMENT}$`;

const status = (options = {}) => Type.Union([Type.Literal('active'), Type.Literal('disabled')], options);
/** The status filter of the list. */
export const RoleStatus = status();
const dataScope = (options = {}) =>
  Type.Union([Type.Literal('all'), Type.Literal('custom'), Type.Literal('dept'), Type.Literal('dept_and_children'), Type.Literal('self')], options);
const deptIds = (options = {}) =>
  Type.Array(Type.String({ format: 'uuid' }), { uniqueItems: true, maxItems: 1000, description: 'The departments a `custom` data scope sees.', ...options });
const permissions = (options = {}) =>
  Type.Array(Type.String({ pattern: GRANTED_CODE, maxLength: 200 }), {
    uniqueItems: true,
    maxItems: 1000,
    description: 'Permission codes; a segment may be `*`.',
    ...options,
  });
const remark = (options = {}) => Type.Union([Type.String({ maxLength: 500 }), Type.Null()], options);
const code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', description: 'Unique, whatever the case.' });
const name = Type.String({ minLength: 1, maxLength: 128, pattern: '\\S' });

export const RoleSchema = resourceViewSchema('Role', {
  code: Type.String(),
  name: Type.String(),
  status: status(),
  dataScope: dataScope(),
  deptIds: Type.Array(Type.String({ format: 'uuid' })),
  permissions: Type.Array(Type.String()),
  remark: Type.Union([Type.String(), Type.Null()]),
});
export type RoleView = Static<typeof RoleSchema>;

export const CreateRoleBody = named(
  'RoleCreate',
  Type.Object({
    code,
    name,
    status: Type.Optional(status({ default: 'active' })),
    // The narrowest scope unless the caller asks for more.
    dataScope: Type.Optional(dataScope({ default: 'self' })),
    deptIds: Type.Optional(deptIds({ default: [] })),
    permissions: Type.Optional(permissions({ default: [] })),
    remark: Type.Optional(remark({ default: null })),
  }),
);

/** Every field but `version` may be left out: what is left out keeps its value. */
export const UpdateRoleBody = named(
  'RoleUpdate',
  Type.Object({
    code: Type.Optional(code),
    name: Type.Optional(name),
    status: Type.Optional(status()),
    dataScope: Type.Optional(dataScope()),
    deptIds: Type.Optional(deptIds()),
    permissions: Type.Optional(permissions()),
    remark: Type.Optional(remark()),
    version: Type.Integer({ minimum: 1 }),
  }),
);
