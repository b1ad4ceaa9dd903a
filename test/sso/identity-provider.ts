/**
 * A real OpenID provider for the single sign-on tests (oidc-provider, its development
 * interactions), and a browser that walks its sign-in: cookies per origin, redirects followed by
 * hand, the login and consent forms submitted as a person would.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdentityProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface Person {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
}

export const CLIENT_ID = 'atrium';
export const CLIENT_SECRET = 'idp-client-secret-value-0123456789';

export async function startIdentityProvider(redirectUris: string[], people: Map<string, Person>): Promise<IdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
    // Claims go into the ID token itself, which is what the relying party reads.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => (people.has(sub) ? { accountId: sub, claims: () => people.get(sub)! } : undefined),
    cookies: { keys: ['test-cookie-key'] },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());
  return { issuer, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Cookies by host, as a browser keeps them (names and values only: these tests need no more). */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** GET (or POST a form) without following redirects, keeping the cookies set. */
  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const target = new URL(url);
    const cookies = [...(this.jar.get(target.host) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(cookies ? { cookie: cookies } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const host = this.jar.get(target.host) ?? new Map<string, string>();
      host.set(name!.trim(), value.join('='));
      this.jar.set(target.host, host);
    }
    return res;
  }

  setCookie(host: string, name: string, value: string): void {
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  /**
   * From a redirect to the provider, signs in there as `sub` and consents, following redirects
   * until one leaves the provider: answers that URL (Atrium's callback).
   */
  async signInAtProvider(authorizationUrl: string, issuer: string, sub: string): Promise<string> {
    let url = authorizationUrl;
    for (let hops = 0; hops < 20; hops += 1) {
      if (!url.startsWith(issuer)) return url;
      const interaction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
      let res = await this.request(url);
      if (interaction) {
        const html = await res.text();
        const prompt: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login: sub, password: 'any' } : { prompt: 'consent' };
        res = await this.request(url, prompt);
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects at the provider');
  }
}
