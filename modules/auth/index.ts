import { AuthenticatorSpi, contribute, defineModule, provide, runInTenant } from '@atrium/kernel';
import { BuiltinParamsSpi } from '@atrium/module/params';
import { TaskHandlerSpi } from '@atrium/module/tasks';
import { TenantLifecycleSpi } from '@atrium/module/tenants';
import { UserLifecycleSpi } from '@atrium/module/users';
import { PrincipalDirectoryApi, SessionDirectoryApi, VerifiedSignInApi } from './api';
import { login, loginOptions, logout, refresh, switchTenant } from './auth.routes';
import { authRuntime, setupAuth } from './auth-runtime';
import { sessionAuthenticator } from './authenticator';
import { drawCaptcha } from './captcha.routes';
import { AuthErrors } from './errors';
import { jwtSecretProblems } from './jwt-secret';
import { beginMyTotp, confirmMyTotp, disableMyTotp, myMfa } from './mfa/me-mfa.routes';
import { beginRequiredTotp, completeMfa, confirmRequiredTotp } from './mfa/mfa-login.routes';
import { resetUserMfa } from './mfa/mfa-reset.routes';
import { MFA_PARAMS } from './mfa/mfa-settings';
import { LoginService } from './login.service';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity } from './session.entity';
import { PURGE_PERMISSION, purgeTask } from './sign-in-purge';
import { forceLogout, listSessions } from './sessions.routes';
import { AUTH_PARAMS } from './settings';
import { sessionsFollowTenants } from './tenant-lifecycle';
import { sessionsFollowUsers } from './user-lifecycle';

export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/sessions': '在线用户' } },
  errors: AuthErrors,
  entities: [SessionEntity, RefreshTokenEntity],
  routes: [
    ...[login, loginOptions, drawCaptcha, refresh, logout, switchTenant, listSessions, forceLogout],
    // Two-factor sign-in (mfa/): the login's second step, the caller's own factor, an administrator's reset.
    ...[completeMfa, beginRequiredTotp, confirmRequiredTotp, myMfa, beginMyTotp, confirmMyTotp, disableMyTotp, resetUserMfa],
  ],
  provides: [
    provide(SessionDirectoryApi, (ctx) => ({ listForUser: (userId) => authRuntime(ctx).sessions.listForUser(userId) })),
    provide(VerifiedSignInApi, (ctx) => {
      const logins = new LoginService(ctx);
      return {
        signIn: (userId, tenantId, client) => logins.signInVerified(userId, tenantId, client),
        recordRefusal: (attempt) => logins.recordRefusal(attempt),
      };
    }),
    provide(PrincipalDirectoryApi, (ctx) => ({
      principalOf: (userId, tenantId) => runInTenant(tenantId, () => authRuntime(ctx).principals.ofUser(userId, tenantId)),
    })),
  ],
  contributes: [
    contribute(AuthenticatorSpi, sessionAuthenticator),
    contribute(UserLifecycleSpi, sessionsFollowUsers),
    contribute(TenantLifecycleSpi, sessionsFollowTenants),
    contribute(BuiltinParamsSpi, () => ({ definitions: [...AUTH_PARAMS, ...MFA_PARAMS] })),
    contribute(TaskHandlerSpi, (ctx) => ({ handlers: [purgeTask(ctx)] })),
  ],
  permissionsCheckedInCode: [PURGE_PERMISSION],
  checkEnvironment: jwtSecretProblems,
  setup: setupAuth,
  stop: (ctx) => ctx.state.stop(),
});
