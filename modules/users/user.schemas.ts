import { CursorQuery, Type, named } from '@atrium/kernel';
import { PASSWORD_MAX_LENGTH } from './passwords';

export const USER_STATUSES = ['active', 'disabled'] as const;
const Status = Type.Union(USER_STATUSES.map((s) => Type.Literal(s)));
const Id = Type.String({ format: 'uuid' });
const Ids = (description: string) => Type.Array(Id, { uniqueItems: true, maxItems: 100, description });

/** A user as every response shows it: never a password, never a hash. */
export const UserSchema = named(
  'User',
  Type.Object({
    id: Id,
    username: Type.String(),
    nickname: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    status: Status,
    deptId: Type.Union([Id, Type.Null()]),
    postIds: Type.Array(Id),
    roleIds: Type.Array(Id),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer({ minimum: 1 }),
  }),
);

// Lengths here only bound the input; normalisation.ts decides what is valid once normalised.
export const Nickname = Type.String({ maxLength: 200, description: 'Trimmed; 1 to 64 characters' });
export const Email = Type.Union([Type.String({ maxLength: 320 }), Type.Null()], { description: 'Trimmed and lower-cased; null or blank for none' });
export const Phone = Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
  description: 'Spaces, dashes, dots and parentheses dropped; then 6 to 20 digits, optionally after "+"; null or blank for none',
});
// The floor is a param (users.password.minLength), checked in code: a schema cannot follow it.
export const Password = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  description: 'Checked exactly as sent; at least `users.password.minLength` characters (a param, 8 unless changed)',
});

const Assignable = {
  nickname: Type.Optional(Nickname),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  status: Type.Optional(Status),
  deptId: Type.Optional(Type.Union([Id, Type.Null()])),
  postIds: Type.Optional(Ids('Posts the user fills')),
  roleIds: Type.Optional(Ids('Roles the user holds; the caller must hold everything each grants')),
};

export const CreateUserBody = named(
  'UserCreate',
  Type.Object({
    username: Type.String({ maxLength: 200, description: 'Trimmed, NFKC, lower-cased; then 3 to 64 of a-z 0-9 . _ -' }),
    password: Password,
    ...Assignable,
  }),
);

/** Every field but `version` may be left out: what is left out stays as it is. The username never changes. */
export const UpdateUserBody = named(
  'UserUpdate',
  Type.Object({
    ...Assignable,
    version: Type.Integer({ minimum: 1, description: 'The version the caller read' }),
  }),
);

export const ResetPasswordBody = named('UserPasswordReset', Type.Object({ password: Password }));

export const UserFilterQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the username, nickname, email or phone' })),
  status: Type.Optional(Status),
  deptId: Type.Optional(Type.String({ format: 'uuid', description: 'Users of this department or any department under it' })),
  roleId: Type.Optional(Type.String({ format: 'uuid', description: 'Users holding this role' })),
  ...CursorQuery,
});

export const IdParams = Type.Object({ id: Id });

export const DeleteQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version the caller read' })) });
