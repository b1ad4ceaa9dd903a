import { Type, named, resourceViewSchema } from '@atrium/kernel';
import { PACKAGE_STATUSES } from './package.entity';

export const PackageStatus = Type.Union(PACKAGE_STATUSES.map((s) => Type.Literal(s)));

/** What a create or an update may send. */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Stored trimmed; unique whatever the case' }),
  permissions: Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$' }), {
    uniqueItems: true,
    maxItems: 2000,
    description: 'Permission codes of scope `tenant` or `row`, each declared by a loaded module',
  }),
  status: PackageStatus,
  remark: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
};
const optional = Type.Partial(Type.Object(fields)).properties;

export const TenantPackageSchema = resourceViewSchema('TenantPackage', fields);

export const CreatePackageBody = named('TenantPackageCreate', Type.Object({ ...optional, name: fields.name, permissions: fields.permissions }));

export const UpdatePackageBody = named(
  'TenantPackageUpdate',
  Type.Object({ ...optional, version: Type.Integer({ minimum: 1, description: 'The version the caller read' }) }),
);
