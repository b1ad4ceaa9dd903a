import type { HttpError } from '@refinedev/core';
import type { SessionStore, Tokens } from './session';

/** Atrium's API base path (docs/api-clients.md). */
export const API_BASE = '/api/v1';

/** What a login whose password was right needs next: a code, or (a role requires one) an enrolment. */
export interface SecondStep {
  kind: 'code' | 'enrol';
  mfaToken: string;
}

/** One item of an error envelope's `details`. */
export interface ErrorDetail {
  field?: string;
  rule?: string;
  message: string;
}

/** An API error as Refine shows it: the API's own message, code and per-field messages. */
export interface ApiHttpError extends HttpError {
  code: string;
  traceId?: string;
  details: ErrorDetail[];
}

/** A password, and the answer to a captcha when the server asks for one. */
export interface PasswordCredentials {
  username: string;
  password: string;
  tenant?: string;
  captchaId?: string;
  captchaAnswer?: string;
}

/** What the console asks without a session. */
const SESSIONLESS = [
  '/auth/login',
  '/auth/login-options',
  '/auth/captcha',
  '/auth/mfa',
  '/auth/mfa/totp',
  '/auth/mfa/totp/confirm',
  '/auth/oidc/providers',
  '/auth/oidc/exchange',
];

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a FormData as it is, multipart (an upload). */
  body?: unknown;
  /** The answer is not an envelope (the OpenAPI catalog): hand it back whole. */
  raw?: boolean;
  /** The answer is a file (an asset's content): hand back its bytes. An error is still the envelope. */
  blob?: boolean;
  /** The answer stays open (GET /me/events): hand back the response to read as it arrives. An error is still the envelope. */
  stream?: boolean;
  /** Sent besides the token and the language (`Last-Event-ID`). */
  headers?: Record<string, string>;
  /** Aborts the request, and a stream's reading. */
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  session: SessionStore;
  /** The language the API answers its messages in. */
  language: () => string;
  fetch?: typeof fetch;
  /** Origin for tests run outside a page; the console calls its own origin. */
  origin?: string;
}

/**
 * Calls the API: sends the bearer token and the language, unwraps the envelope's `data`, turns
 * an error envelope into an ApiHttpError, and on a 401 refreshes the session once
 * (POST /auth/refresh) and repeats the request.
 */
export class ApiClient {
  private refreshing: Promise<boolean> | undefined;

  constructor(private readonly options: ApiClientOptions) {}

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const tokens = this.options.session.get();
    // After sign-out, pages still on screen refetch as they unmount: answered here, not by a 401.
    if (!tokens && !SESSIONLESS.includes(path)) throw toHttpError(401, { code: 'AUTH_TOKEN_MISSING_401', message: 'Not signed in.' });
    let response = await this.send(method, path, options, tokens);
    if (response.status === 401 && tokens && (await this.refresh(tokens))) {
      response = await this.send(method, path, options, this.options.session.get());
    }
    // A file route may answer JSON instead (an export made by a task, 201): that is read as the envelope.
    if (options.blob && response.ok && !isJson(response)) return (await response.blob()) as T;
    if (options.stream && response.ok) return response as T;
    return this.read<T>(response, options.raw);
  }

  /** Whether a session is held (asking the API without one would only be a 401). */
  signedIn(): boolean {
    return this.options.session.get() !== undefined;
  }

  /**
   * Logs in and keeps the tokens; or, when a second factor is due, keeps nothing and answers the
   * step that comes next (docs/sign-in.md).
   */
  async login(credentials: PasswordCredentials): Promise<SecondStep | undefined> {
    const answer = await this.request<Tokens | { mfaRequired: true; mfaToken: string } | { mfaEnrolmentRequired: true; mfaToken: string }>(
      'POST',
      '/auth/login',
      {
        body: credentials,
      },
    );
    if ('mfaRequired' in answer) return { kind: 'code', mfaToken: answer.mfaToken };
    if ('mfaEnrolmentRequired' in answer) return { kind: 'enrol', mfaToken: answer.mfaToken };
    this.options.session.set({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
    return undefined;
  }

  /** Completes a login with its second factor (`/auth/mfa`, or the confirm of a required enrolment) and keeps the tokens. */
  async completeLogin(step: SecondStep, code: string): Promise<string[]> {
    const path = step.kind === 'code' ? '/auth/mfa' : '/auth/mfa/totp/confirm';
    const answer = await this.request<Tokens & { recoveryCodes?: string[] }>('POST', path, { body: { mfaToken: step.mfaToken, code } });
    this.options.session.set({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
    return answer.recoveryCodes ?? [];
  }

  /** Single sign-on's last step: the one-time code the callback handed over, traded for the tokens. */
  async exchangeSignInCode(code: string): Promise<void> {
    const tokens = await this.request<Tokens>('POST', '/auth/oidc/exchange', { body: { code } });
    this.options.session.set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  }

  /** Ends the session on the server (whatever it answers) and forgets the tokens. */
  async logout(): Promise<void> {
    if (this.options.session.get()) await this.send('POST', '/auth/logout', {}, this.options.session.get()).catch(() => undefined);
    this.options.session.clear();
  }

  /**
   * One refresh for every request that met the 401 together: a refresh token is single-use, and
   * sending it twice would end the whole session.
   */
  private refresh(stale: Tokens): Promise<boolean> {
    const current = this.options.session.get();
    // Signed out, or a refresh was refused, while this request was in flight: nothing to spend.
    if (!current) return Promise.resolve(false);
    // Another request already refreshed while this one was in flight.
    if (current.accessToken !== stale.accessToken) return Promise.resolve(true);
    this.refreshing ??= this.exchange(stale.refreshToken).finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async exchange(refreshToken: string): Promise<boolean> {
    const response = await this.send('POST', '/auth/refresh', { body: { refreshToken } }, undefined);
    // Refused: the request's own 401 then reaches Refine, which signs out (auth-provider.ts).
    if (!response.ok) {
      this.options.session.clear();
      return false;
    }
    const { data } = (await response.json()) as { data: Tokens };
    this.options.session.set({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    return true;
  }

  private send(method: string, path: string, { query, body, headers: extra, signal }: RequestOptions, tokens: Tokens | undefined): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': this.options.language(), ...extra };
    if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
    // The browser writes a FormData's Content-Type itself, with the multipart boundary.
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const url = path.startsWith('/v3/') ? path : API_BASE + path;
    return (this.options.fetch ?? fetch)((this.options.origin ?? '') + url + queryString(query), {
      method,
      headers,
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  }

  private async read<T>(response: Response, raw = false): Promise<T> {
    const text = await response.text();
    const json = text ? (JSON.parse(text) as { code?: string; data?: unknown; message?: string; details?: ErrorDetail[]; traceId?: string }) : {};
    if (!response.ok) throw toHttpError(response.status, json);
    return (raw ? json : json.data) as T;
  }
}

/** `?a=1&sort=x,asc&sort=y,desc`: arrays repeat their parameter; empty values are left out. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(name, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The error envelope as Refine's HttpError. `errors` maps each body field the API named
 * (`/body/name`, `/body/address/city`) to its messages, which Refine's forms show under the
 * field.
 */
export function toHttpError(status: number, body: { code?: string; message?: string; details?: ErrorDetail[]; traceId?: string }): ApiHttpError {
  const details = Array.isArray(body.details) ? body.details : [];
  const errors: Record<string, string[]> = {};
  for (const detail of details) {
    if (!detail.field?.startsWith('/body/')) continue;
    const field = detail.field.slice('/body/'.length).split('/').join('.');
    (errors[field] ??= []).push(detail.message);
  }
  return {
    name: body.code ?? `HTTP_${status}`,
    message: body.message ?? `HTTP ${status}`,
    statusCode: status,
    code: body.code ?? `HTTP_${status}`,
    traceId: body.traceId,
    details,
    errors: Object.keys(errors).length > 0 ? errors : undefined,
  };
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').startsWith('application/json');
}
