import { Type, named, resourceViewSchema, type TSchema } from '@atrium/kernel';
import { TENANT_STATUSES } from './tenant.entity';

export const TenantStatus = Type.Union(TENANT_STATUSES.map((s) => Type.Literal(s)));

const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What a create or an update may send; `code` is what a login names. */
const fields = {
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Letters, digits, `_` and `-`; unique whatever the case' }),
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Stored trimmed' }),
  status: TenantStatus,
  packageId: orNull(Type.String({ format: 'uuid', description: 'The tenant package; null for none' })),
  expiresAt: orNull(Type.String({ format: 'date-time', description: 'When the tenant stops; null for never' })),
  userLimit: orNull(Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'The most users the tenant may have; null for no limit' })),
  remark: orNull(Type.String({ maxLength: 500 })),
};
const optional = Type.Partial(Type.Object(fields)).properties;

export const TenantSchema = resourceViewSchema('Tenant', fields);

/** The tenant's first administrator: a user of the new tenant holding its administrator role. */
const TenantAdministrator = named(
  'TenantAdministrator',
  Type.Object({
    username: Type.String({ maxLength: 200, description: 'As for any user: trimmed, NFKC, lower-cased; then 3 to 64 of a-z 0-9 . _ -' }),
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'Held to the password policy (users.password.minLength, not a well-known one); never answered',
    }),
  }),
);

export const CreateTenantBody = named('TenantCreate', Type.Object({ ...optional, code: fields.code, name: fields.name, admin: TenantAdministrator }));

/** What the tenants resource stores of a create: everything but the administrator. */
export const TenantCreateFields = Type.Object({ ...optional, code: fields.code, name: fields.name });

export const UpdateTenantBody = named(
  'TenantUpdate',
  Type.Object({ ...optional, version: Type.Integer({ minimum: 1, description: 'The version the caller read' }) }),
);
