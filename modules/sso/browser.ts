import type { Request } from 'express';
import type { ModuleContext } from '@atrium/kernel';

/** The address browsers reach this server at (https://admin.example.com); without it, the request's own. */
export const PUBLIC_BASE_URL = 'PUBLIC_BASE_URL';
const COOKIE = 'atrium_sso_state';
const COOKIE_PATH = '/api/v1/auth/oidc';
const COOKIE_SECONDS = 600;

function baseUrl(ctx: ModuleContext, req: Request): string {
  return (ctx.environment.variable(PUBLIC_BASE_URL) ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`).replace(/\/+$/, '');
}

/** The redirect URI to register at the provider: `<base>/api/v1/auth/oidc/<name>/callback`. */
export function redirectUri(ctx: ModuleContext, req: Request, name: string): string {
  return `${baseUrl(ctx, req)}${COOKIE_PATH}/${name}/callback`;
}

/**
 * The state cookie: HttpOnly (no script reads it), SameSite=Lax (sent on the provider's top-level
 * redirect back, not on a cross-site subrequest), Secure over https, only for the oidc paths.
 * An empty state clears it.
 */
export function stateCookie(req: Request, state: string): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${COOKIE}=${state}; Path=${COOKIE_PATH}; Max-Age=${state ? COOKIE_SECONDS : 0}; HttpOnly; SameSite=Lax${secure}`;
}

export function stateFromCookies(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE && value.length > 0) return value.join('=') || undefined;
  }
  return undefined;
}

/**
 * The console's sign-in page, told the outcome in the fragment: a fragment is never sent to a
 * server nor in a Referer, so the one-time code reaches only the page's script.
 */
export function consoleRedirect(outcome: { sso: string } | { ssoError: string }): string {
  return `/login#${new URLSearchParams(outcome).toString()}`;
}
