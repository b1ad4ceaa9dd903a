import type { AccessControlProvider, AuthProvider } from '@refinedev/core';
import type { ApiClient, ApiHttpError, PasswordCredentials, SecondStep } from './http';
import { grants } from './permissions';

/** GET /me: who is signed in (docs/api-clients.md). */
export interface Me {
  user: { id: string; username: string; nickname: string | null };
  tenant: { id: string; code: string; name: string };
  roles: string[];
  permissions: string[];
}

/** A password, the second factor of a login whose password needed one, or single sign-on's one-time code. */
export type LoginCredentials = PasswordCredentials | { secondStep: SecondStep; code: string } | { ssoCode: string };

export interface Identity {
  id: string;
  name: string;
  tenant: Me['tenant'];
}

/**
 * Login, logout and the caller's identity and permissions for Refine. GET /me is asked once per
 * session and shared by identity, permissions and access control. `forgetReads` drops everything
 * read for the session that ends, so the next one never sees it.
 */
export function atriumAuth(
  api: ApiClient,
  forgetReads: () => void = () => undefined,
): { authProvider: AuthProvider; accessControlProvider: AccessControlProvider } {
  let me: Promise<Me> | undefined;
  const loadMe = () => (me ??= api.request<Me>('GET', '/me').catch((error: unknown) => ((me = undefined), Promise.reject(error))));

  const authProvider: AuthProvider = {
    // A password that needs a second factor answers `secondStep` and goes nowhere: the login page
    // asks for the code and logs in again with it (`secondStep` and `code`). Single sign-on comes
    // back with a one-time code (`ssoCode`, from the callback's redirect), traded for the tokens.
    async login(credentials: LoginCredentials) {
      me = undefined;
      try {
        if ('secondStep' in credentials) {
          const recoveryCodes = await api.completeLogin(credentials.secondStep, credentials.code);
          forgetReads();
          // Recovery codes of an enrolment made while signing in are shown before going on.
          return recoveryCodes.length > 0 ? { success: true, recoveryCodes } : { success: true, redirectTo: '/' };
        }
        if ('ssoCode' in credentials) {
          await api.exchangeSignInCode(credentials.ssoCode);
        } else {
          const { username, password, tenant, captchaId, captchaAnswer } = credentials;
          const secondStep = await api.login({ username, password, ...(tenant ? { tenant } : {}), ...(captchaId ? { captchaId, captchaAnswer } : {}) });
          if (secondStep) return { success: true, secondStep };
        }
        forgetReads();
        return { success: true, redirectTo: '/' };
      } catch (error) {
        return { success: false, error: error as ApiHttpError };
      }
    },
    async logout() {
      me = undefined;
      await api.logout();
      forgetReads();
      return { success: true, redirectTo: '/login' };
    },
    async check() {
      if (!api.signedIn()) return { authenticated: false, redirectTo: '/login' };
      try {
        await loadMe();
        return { authenticated: true };
      } catch {
        return { authenticated: false, logout: true, redirectTo: '/login' };
      }
    },
    // A 401 reaching here survived the refresh: the session is over. A 403 is only a refusal.
    async onError(error: ApiHttpError) {
      return error?.statusCode === 401 ? { logout: true, redirectTo: '/login', error } : {};
    },
    // Read anew when Refine asks (the shell's mount, or after the profile changed the nickname).
    async getIdentity(): Promise<Identity> {
      me = undefined;
      const { user, tenant } = await loadMe();
      return { id: user.id, name: user.nickname || user.username, tenant };
    },
    getPermissions: async () => (await loadMe()).permissions,
  };

  // The console asks by permission code (`params.permission`), the same code the API checks.
  const accessControlProvider: AccessControlProvider = {
    async can({ params }) {
      const permission = params?.permission as string | undefined;
      if (!permission) return { can: true };
      return { can: grants((await loadMe()).permissions, permission) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
  return { authProvider, accessControlProvider };
}
