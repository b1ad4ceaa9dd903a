import { type Static, type TSchema, Type, named } from '@atrium/kernel';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LoginReason = Type.Union([
  Type.Literal('ok'),
  Type.Literal('invalid_credentials'),
  Type.Literal('disabled'),
  Type.Literal('tenant_disabled'),
  Type.Literal('too_many_attempts'),
  Type.Literal('captcha_failed'),
  Type.Literal('invalid_code'),
  Type.Literal('switched'),
  Type.Literal('no_account'),
]);

export const LoginSchema = named(
  'LoginRecord',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    tenantId: Type.String({ format: 'uuid', description: 'The tenant of the request or login; a tenant reads only its own.' }),
    username: Type.String({ description: 'As the client sent it.' }),
    userId: Nullable(Type.String()),
    ip: Type.String(),
    userAgent: Type.String(),
    success: Type.Boolean(),
    reason: LoginReason,
    at: Timestamp,
  }),
);
export type LoginView = Static<typeof LoginSchema>;

const OperationFields = {
  id: Type.String({ format: 'uuid' }),
  tenantId: Type.String({ format: 'uuid', description: 'The tenant of the request or login; a tenant reads only its own.' }),
  userId: Nullable(Type.String()),
  username: Nullable(Type.String()),
  credential: Nullable(Type.String({ description: 'The credential the request was made with, when not a session: an API key, as `api-key <id> <name>`.' })),
  moduleId: Nullable(Type.String({ description: 'The module of the matched route; null when none matched.' })),
  permission: Nullable(Type.String()),
  method: Type.String(),
  path: Type.String({ description: 'As sent, query parameters that carry credentials redacted.' }),
  status: Type.Integer(),
  durationMs: Type.Number(),
  traceId: Type.String({ description: 'The `traceId` of the response recorded.' }),
  ip: Type.String(),
  at: Timestamp,
};

export const OperationSchema = named('OperationRecord', Type.Object(OperationFields));
export type OperationView = Static<typeof OperationSchema>;

const ChangeSchema = named(
  'ChangeRecord',
  Type.Object({
    resource: Type.String(),
    id: Type.String(),
    action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
    before: Type.Unknown({ description: 'The resource before the change (null on create), sensitive fields removed.' }),
    after: Type.Unknown({ description: 'The resource after the change (null on delete), sensitive fields removed.' }),
  }),
);

export const OperationDetailSchema = named(
  'OperationRecordDetail',
  Type.Object({
    ...OperationFields,
    userAgent: Type.String(),
    body: Type.Unknown({ description: 'A summary of the request body: secrets removed, long values cut; null without a body.' }),
    changes: Type.Array(ChangeSchema),
  }),
);
export type OperationDetail = Static<typeof OperationDetailSchema>;

const TimeRange = {
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Records at or after this time.' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Records before this time.' })),
};

export const LoginFilters = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'The username sent, whatever its case.' })),
  success: Type.Optional(Type.Boolean()),
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...TimeRange,
});
export type LoginFilter = Static<typeof LoginFilters>;

export const OperationFilters = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Whatever its case.' })),
  moduleId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  method: Type.Optional(Type.Union(['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD', 'OPTIONS'].map((m) => Type.Literal(m)))),
  traceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...TimeRange,
});
export type OperationFilter = Static<typeof OperationFilters>;
