import { KernelErrors, Type, defineRoute, notFound } from '@atrium/kernel';
import { UserDirectoryApi } from '@atrium/module/users';
import { AuthErrors } from '../errors';
import { TwoFactor } from './two-factor';

/** An administrator's reset of a user's second factor: for a lost phone and spent recovery codes. */
export const resetUserMfa = defineRoute({
  method: 'DELETE',
  path: '/auth/users/{id}/mfa',
  permission: 'system:mfa:reset',
  summary: "Resets a user's two-factor sign-in",
  description:
    "Deletes the user's authenticator secret and recovery codes: their next login asks for the password only (or for an " +
    'enrolment, when a role requires two-factor). Audited. 404 for an unknown user, 409 AUTH_MFA_NOT_ENABLED_409 when they have ' +
    'none, 403 PERM_DENIED_403 when the user outranks the caller.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: Type.Object({}),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, AuthErrors.AUTH_MFA_NOT_ENABLED_409],
  handler: async ({ params, principal }, ctx) => {
    const users = ctx.use(UserDirectoryApi);
    if (!(await users.identity(params.id))) throw notFound('user', params.id);
    await users.refuseOutranking(principal, params.id, '/params/id');
    await new TwoFactor(ctx).reset(params.id);
    return {};
  },
});
