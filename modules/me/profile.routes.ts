import { AppError, KernelErrors, Type, defineRoute, named } from '@atrium/kernel';
import { UserDirectoryApi } from '@atrium/module/users';
import { IdentitySchema } from './me.schemas';

export const updateMyProfile = defineRoute({
  method: 'PUT',
  path: '/me/profile',
  permission: 'me:profile:edit',
  summary: "Changes the caller's nickname, email or phone",
  description:
    'Only these three: anything else (roleIds, status, username…) is 400 VALIDATION_FAILED_400. What is left out stays as ' +
    'it is; email and phone are normalised and unique as for any user (409 SYSTEM_USER_DUPLICATED_409).',
  // Lengths only bound the input: users normalises and checks the values.
  body: named(
    'ProfileUpdate',
    Type.Object({
      nickname: Type.Optional(Type.String({ maxLength: 200 })),
      email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
      phone: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    }),
  ),
  response: IdentitySchema,
  handler: ({ principal, body }, ctx) => ctx.use(UserDirectoryApi).updateProfile(principal.userId, body),
});

export const changeMyPassword = defineRoute({
  method: 'PUT',
  path: '/me/password',
  permission: 'me:password:edit',
  summary: "Changes the caller's password; their other sessions end",
  description:
    'A wrong `oldPassword` is 400 VALIDATION_FAILED_400 naming /body/oldPassword (not a 401: the caller is authenticated, ' +
    'the request is what is wrong). The session that made the change goes on; every other session of the caller ends.',
  body: named(
    'PasswordChange',
    Type.Object({
      oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
      // The policy (length…) is users': it answers 400 naming /body/newPassword when it refuses.
      newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    }),
  ),
  response: Type.Object({}),
  errors: [KernelErrors.VALIDATION_FAILED_400],
  handler: async ({ principal, body }, ctx) => {
    const changed = await ctx.use(UserDirectoryApi).changePassword(principal.userId, body.oldPassword, body.newPassword, principal.sessionId);
    if (!changed) {
      throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
        details: [{ field: '/body/oldPassword', rule: 'currentPassword', message: 'is not the current password' }],
      });
    }
    return {};
  },
});
