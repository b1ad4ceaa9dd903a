import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { UserStatus } from './api';

/**
 * A user. Username, email and phone hold their normalised forms (normalisation.ts). The roles a
 * user holds and the posts it fills live in their own tables (below), written alongside it.
 * Tables: migrations/0001-create-users.ts.
 */
export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users_user',
  properties: (p) => ({
    ...resourceColumns(p),
    username: p.string().length(64),
    nickname: p.string().length(64),
    email: p.string().length(254).nullable(),
    phone: p.string().length(21).nullable(),
    // Lazy: lists and reads never fetch it, only a password check asks for it (`populate`).
    passwordHash: p.string().length(255).lazy(true, false).hidden(),
    status: p.string().length(16).$type<UserStatus>(),
    deptId: p.uuid().nullable(),
  }),
});
export type User = InferEntity<typeof UserEntity>;

/** One role (an id of the roles module) a user holds. */
export const UserRoleEntity = defineEntity({
  name: 'UserRole',
  tableName: 'users_user_role',
  properties: (p) => ({
    userId: p.uuid().primary(),
    roleId: p.uuid().primary(),
  }),
});
export type UserRole = InferEntity<typeof UserRoleEntity>;

/** One post (an id of the posts module) a user fills. */
export const UserPostEntity = defineEntity({
  name: 'UserPost',
  tableName: 'users_user_post',
  properties: (p) => ({
    userId: p.uuid().primary(),
    postId: p.uuid().primary(),
  }),
});
export type UserPost = InferEntity<typeof UserPostEntity>;
