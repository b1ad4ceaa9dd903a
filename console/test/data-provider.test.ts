import { describe, expect, it } from 'vitest';
import { atriumDataProvider } from '../src/api/data-provider';
import { ApiClient, type ApiHttpError } from '../src/api/http';
import { memorySession, type Tokens } from '../src/api/session';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

type Reply = { status: number; body: unknown };

/** An API stand-in: records each call and answers from `replies`, in order. */
function fakeApi(replies: Reply[], tokens: Tokens | null = { accessToken: 'access-1', refreshToken: 'refresh-1' }) {
  const calls: Call[] = [];
  const session = memorySession(tokens ?? undefined);
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({
      method: String(init.method),
      url,
      headers: init.headers as Record<string, string>,
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = replies.shift() ?? { status: 500, body: { code: 'SYSTEM_INTERNAL_ERROR_500', message: 'no reply left', details: [] } };
    if (reply.body instanceof Blob) return new Response(reply.body, { status: reply.status, headers: { 'Content-Type': 'image/png' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const api = new ApiClient({ session, language: () => 'zh', fetch, origin: 'http://atrium.test' });
  return { calls, session, provider: atriumDataProvider(api) };
}

const ok = (data: unknown): Reply => ({ status: 200, body: { code: '0', message: 'OK', data, traceId: 't' } });
const page = (items: unknown[], total: number, extra: object = {}) => ok({ items, page: 2, pageSize: 10, total, ...extra });

describe('the data provider', () => {
  it('asks a page as page/pageSize and answers the items and total of the envelope', async () => {
    const { calls, provider } = fakeApi([page([{ id: 'a' }], 57)]);
    const result = await provider.getList({ resource: 'posts', pagination: { currentPage: 2, pageSize: 10 } });
    expect(calls[0].url).toBe('http://atrium.test/api/v1/posts?page=2&pageSize=10');
    expect(result).toEqual({ data: [{ id: 'a' }], total: 57, totalIsEstimate: false });
  });

  it('says when the total is the planner’s estimate', async () => {
    const { provider } = fakeApi([page([], 1_000_000, { totalIsEstimate: true })]);
    expect((await provider.getList({ resource: 'posts' })).totalIsEstimate).toBe(true);
  });

  it('sends each sorter as a repeated sort=<field>,<direction>, in order', async () => {
    const { calls, provider } = fakeApi([page([], 0)]);
    await provider.getList({
      resource: 'posts',
      pagination: { currentPage: 1, pageSize: 20 },
      sorters: [
        { field: 'status', order: 'asc' },
        { field: 'name', order: 'desc' },
      ],
    });
    expect(new URL(calls[0].url).searchParams.getAll('sort')).toEqual(['status,asc', 'name,desc']);
  });

  it('sends filters as query parameters of their field, leaving empty ones out', async () => {
    const { calls, provider } = fakeApi([page([], 0)]);
    await provider.getList({
      resource: 'posts',
      pagination: { mode: 'off' },
      filters: [
        { field: 'keyword', operator: 'contains', value: 'dev ops' },
        { field: 'status', operator: 'eq', value: '' },
        { field: 'deptId', operator: 'eq', value: undefined },
      ],
    });
    expect(calls[0].url).toBe('http://atrium.test/api/v1/posts?keyword=dev+ops');
  });

  it('sends the bearer token and the console’s language', async () => {
    const { calls, provider } = fakeApi([ok({ id: 'a' })]);
    await provider.getOne({ resource: 'posts', id: 'a' });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer access-1', 'Accept-Language': 'zh' });
  });

  it('sends the version the record was read at with an update, from the values or meta', async () => {
    const { calls, provider } = fakeApi([ok({ id: 'a', version: 4 }), ok({ id: 'a', version: 5 })]);
    await provider.update({ resource: 'posts', id: 'a', variables: { name: 'N', version: 3 } });
    await provider.update({ resource: 'posts', id: 'a', variables: { name: 'N' }, meta: { version: 4, method: 'PATCH' } });
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: 'http://atrium.test/api/v1/posts/a', body: { name: 'N', version: 3 } },
      { method: 'PATCH', url: 'http://atrium.test/api/v1/posts/a', body: { name: 'N', version: 4 } },
    ]);
  });

  it('deletes with the version as a query parameter', async () => {
    const { calls, provider } = fakeApi([ok({})]);
    await provider.deleteOne({ resource: 'posts', id: 'a b', meta: { version: 2 } });
    expect([calls[0].method, calls[0].url]).toEqual(['DELETE', 'http://atrium.test/api/v1/posts/a%20b?version=2']);
  });

  it('turns an error envelope into an HttpError with the API’s message, code and field messages', async () => {
    const details = [
      { field: '/body/code', rule: 'pattern', message: 'must match pattern' },
      { field: '/body/name', rule: 'minLength', message: 'too short' },
      { field: '/body/name', rule: 'pattern', message: 'must not be blank' },
      { field: '/query/sort', rule: 'whitelist', message: 'not sortable' },
    ];
    const { provider } = fakeApi([{ status: 400, body: { code: 'VALIDATION_FAILED_400', message: '请求参数无效。', details, traceId: 'tr' } }]);
    const error: ApiHttpError = await provider.create({ resource: 'posts', variables: {} }).then(
      () => expect.unreachable(),
      (e: ApiHttpError) => e,
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED_400', message: '请求参数无效。', traceId: 'tr', details });
    expect(error.errors).toEqual({ code: ['must match pattern'], name: ['too short', 'must not be blank'] });
  });

  it('keeps a conflict’s code and message for the page to show', async () => {
    const body = { code: 'SYSTEM_VERSION_CONFLICT_409', message: 'Someone else changed it.', details: [], traceId: 't' };
    const { provider } = fakeApi([{ status: 409, body }]);
    await expect(provider.update({ resource: 'posts', id: 'a', variables: { version: 1 } })).rejects.toMatchObject({
      statusCode: 409,
      code: 'SYSTEM_VERSION_CONFLICT_409',
      message: 'Someone else changed it.',
      errors: undefined,
    });
  });
});

describe('files', () => {
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    return form;
  };

  it('sends a FormData as it is (multipart, the browser writing its boundary), with the bearer token', async () => {
    const { calls, provider } = fakeApi([{ status: 201, body: { code: '0', message: 'OK', data: { id: 'a' }, traceId: 't' } }]);
    const form = upload();
    expect(await provider.custom!({ url: '/assets', method: 'post', payload: form })).toEqual({ data: { id: 'a' } });
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
    expect(calls[0].headers.Authorization).toBe('Bearer access-1');
  });

  it('sends an upload again after refreshing an expired session', async () => {
    const expired = { status: 401, body: { code: 'AUTH_TOKEN_EXPIRED_401', message: 'expired', details: [], traceId: 't' } };
    const { calls, provider } = fakeApi([expired, ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }), ok({ id: 'a' })]);
    const form = upload();
    await provider.custom!({ url: '/assets', method: 'post', payload: form });
    expect(calls.map(({ url, body }) => [url.replace('http://atrium.test', ''), body === form])).toEqual([
      ['/api/v1/assets', true],
      ['/api/v1/auth/refresh', false],
      ['/api/v1/assets', true],
    ]);
    expect(calls[2].headers.Authorization).toBe('Bearer access-2');
  });

  it('answers a file’s bytes as a Blob with meta.blob, and a refusal as the API’s error', async () => {
    const missing = { status: 404, body: { code: 'SYSTEM_RESOURCE_NOT_FOUND_404', message: 'Not found.', details: [], traceId: 't' } };
    const { provider } = fakeApi([{ status: 200, body: new Blob([new Uint8Array([137, 80, 78, 71])]) }, missing]);
    const { data } = await provider.custom!({ url: '/assets/a/content', method: 'get', meta: { blob: true } });
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    await expect(provider.custom!({ url: '/assets/b/content', method: 'get', meta: { blob: true } })).rejects.toMatchObject({
      statusCode: 404,
      code: 'SYSTEM_RESOURCE_NOT_FOUND_404',
    });
  });
});

describe('the session', () => {
  const expired = { status: 401, body: { code: 'AUTH_TOKEN_EXPIRED_401', message: 'expired', details: [], traceId: 't' } };

  it('on a 401 refreshes once with POST /auth/refresh, keeps the new pair and repeats the request', async () => {
    const { calls, session, provider } = fakeApi([expired, ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }), ok({ id: 'a' })]);
    expect(await provider.getOne({ resource: 'posts', id: 'a' })).toEqual({ data: { id: 'a' } });
    expect(calls.map(({ method, url }) => `${method} ${url.replace('http://atrium.test', '')}`)).toEqual([
      'GET /api/v1/posts/a',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/posts/a',
    ]);
    expect(calls[1].body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[1].headers.Authorization).toBeUndefined();
    expect(calls[2].headers.Authorization).toBe('Bearer access-2');
    expect(session.get()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('spends the refresh token once for requests that meet the 401 together', async () => {
    const { calls, provider } = fakeApi([expired, expired, ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }), ok({ id: 'a' }), ok({ id: 'b' })]);
    await Promise.all([provider.getOne({ resource: 'posts', id: 'a' }), provider.getOne({ resource: 'posts', id: 'b' })]);
    expect(calls.filter(({ url }) => url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('forgets the session and answers the 401 when the refresh is refused', async () => {
    const revoked = { status: 401, body: { code: 'AUTH_TOKEN_REVOKED_401', message: 'revoked', details: [], traceId: 't' } };
    const { calls, session, provider } = fakeApi([expired, revoked]);
    await expect(provider.getOne({ resource: 'posts', id: 'a' })).rejects.toMatchObject({ statusCode: 401, code: 'AUTH_TOKEN_EXPIRED_401' });
    expect(calls).toHaveLength(2);
    expect(session.get()).toBeUndefined();
  });

  it('spends nothing for a 401 that comes back after a refused refresh: the session is gone', async () => {
    const paths: string[] = [];
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const fetch = (async (url: string) => {
      const { pathname } = new URL(url);
      paths.push(pathname);
      if (pathname.endsWith('/posts/late')) await late;
      return new Response(JSON.stringify({ code: 'AUTH_TOKEN_REVOKED_401', message: 'revoked', details: [], traceId: 't' }), { status: 401 });
    }) as typeof globalThis.fetch;
    const session = memorySession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const provider = atriumDataProvider(new ApiClient({ session, language: () => 'en', fetch, origin: 'http://atrium.test' }));
    const inFlight = provider.getOne({ resource: 'posts', id: 'late' });
    await expect(provider.getOne({ resource: 'posts', id: 'a' })).rejects.toMatchObject({ statusCode: 401 });
    answerLate();
    await expect(inFlight).rejects.toMatchObject({ statusCode: 401 });
    expect(paths).toEqual(['/api/v1/posts/late', '/api/v1/posts/a', '/api/v1/auth/refresh']);
  });

  it('does not call the API without a session, answering 401 itself', async () => {
    const { calls, provider } = fakeApi([], null);
    await expect(provider.getOne({ resource: 'posts', id: 'a' })).rejects.toMatchObject({ statusCode: 401, code: 'AUTH_TOKEN_MISSING_401' });
    expect(calls).toHaveLength(0);
  });
});
