import type { AccessControlProvider, AuthProvider } from '@refinedev/core';
import type { ApiClient, ApiHttpError } from './http';
import { grants } from './permissions';

/** GET /me: who is signed in (docs/api-clients.md). */
export interface Me {
  user: { id: string; username: string; nickname: string | null };
  tenant: { id: string; code: string; name: string };
  roles: string[];
  permissions: string[];
}

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
    // A password, or single sign-on's one-time code (`ssoCode`, from the callback's redirect).
    async login({ username, password, tenant, ssoCode }: { username: string; password: string; tenant?: string; ssoCode?: string }) {
      me = undefined;
      try {
        if (ssoCode) await api.exchangeSignInCode(ssoCode);
        else await api.login({ username, password, ...(tenant ? { tenant } : {}) });
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
