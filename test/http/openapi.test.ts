import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { routeTemplate } from '../../kernel/http/route-table';
import { apiDocsArePublic } from '../../modules/system/api-docs-access';
import { ADMIN, fixture, tokenFor, type TestServer } from '../support/server';
import { expectError, startEchoServer } from './helpers';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const CATALOG_READER = tokenFor('reader', ['system:catalog:query']);

describe('HTTP API catalog (/v3/api-docs)', () => {
  let server: TestServer;
  let doc: Json;
  before(async () => {
    server = await startEchoServer();
    doc = await fetchDoc();
  });
  after(() => server.stop());

  async function fetchDoc(): Promise<Json> {
    const res = await server.http().get('/v3/api-docs').set('Authorization', CATALOG_READER);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    return JSON.parse(res.text) as Json;
  }

  function operations(document: Json): { method: string; path: string; op: Json }[] {
    return Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ method, path, op: op as Json })),
    );
  }

  const op = (method: string, path: string): Json => doc.paths[path][method] as Json;

  it('is readable without a token on a local server (API_DOCS_PUBLIC unset), and says so', async () => {
    expect(JSON.parse((await server.http().get('/v3/api-docs').expect(200)).text)).to.have.property('openapi', '3.1.0');
    expect(op('get', '/v3/api-docs').security).to.deep.equal([]);
  });

  it('is an OpenAPI 3.1.0 document, valid by the OpenAPI schema', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result.errors, null, 2)).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('lists exactly the live routes, no more and no fewer', () => {
    const listed = operations(doc)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    const live = server.kernel.routes.entries.map(({ route }) => `${route.method} ${routeTemplate(route)}`).sort();
    expect(listed).to.deep.equal(live);
    expect(listed).to.include.members(['GET /api/v1/system/health', 'POST /api/v1/echo/items', 'GET /v3/api-docs', 'GET /metrics']);
  });

  it('gives every operation security: [] when public, bearer otherwise with its x-permission', () => {
    const byKey = new Map(server.kernel.routes.entries.map(({ route }) => [`${route.method.toLowerCase()} ${routeTemplate(route)}`, route]));
    for (const { method, path, op: operation } of operations(doc)) {
      const route = byKey.get(`${method} ${path}`)!;
      if (route.ownBearer === true) {
        // Logout reads the bearer token itself (an expired one too): bearer, login only.
        expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
        expect(operation, `${method} ${path}`).to.include({ 'x-authenticated-only': true }).and.not.have.property('x-permission');
      } else if (route.public === true || route.publicWhen !== undefined) {
        // The catalog itself is public on a local server (API_DOCS_PUBLIC unset).
        expect(operation.security, `${method} ${path}`).to.deep.equal([]);
        if (route.public === true) expect(operation, `${method} ${path}`).to.not.have.property('x-permission');
      } else if (route.authenticated === true) {
        // Login-only: bearer, no permission, so no 403 either.
        expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
        expect(operation, `${method} ${path}`).to.include({ 'x-authenticated-only': true }).and.not.have.property('x-permission');
        expect(Object.keys(operation.responses as Json), `${method} ${path}`)
          .to.include('401')
          .and.not.include('403');
      } else {
        expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
        expect(operation['x-permission'], `${method} ${path}`).to.equal(route.permission);
        expect(Object.keys(operation.responses as Json), `${method} ${path}`).to.include.members(['401', '403']);
      }
    }
    expect(doc.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = operations(doc).map(({ op: operation }) => operation.operationId as string);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const { op: operation } of operations(doc)) expect(operation.summary).to.be.a('string').that.is.not.empty;
  });

  it('declares every path template parameter as a required path parameter with its schema', () => {
    for (const { path, op: operation } of operations(doc)) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const parameter = (operation.parameters as Json[]).find((p) => p.in === 'path' && p.name === name);
        expect(parameter, `${path} {${name}}`).to.include({ required: true });
      }
    }
    const id = (op('get', '/api/v1/echo/items/{id}').parameters as Json[]).find((p) => p.name === 'id')!;
    expect(id.schema).to.deep.equal({ type: 'string', pattern: '^[a-z0-9-]{1,32}$' });
  });

  it('describes the request body as validated: required fields, closed objects at every depth', () => {
    const body = op('post', '/api/v1/echo/items').requestBody as Json;
    expect(body.required).to.equal(true);
    const schema = body.content['application/json'].schema as Json;
    expect(schema.required).to.have.members(['name', 'count', 'owner']);
    expect(schema.additionalProperties).to.equal(false);
    expect(schema.properties.owner.additionalProperties).to.equal(false);
    expect(schema.properties.owner.properties.contact.additionalProperties).to.equal(false);
    expect(schema.properties.owner.required).to.deep.equal(['id']);
  });

  it('marks a body whose fields are all optional as not required: no body reads as {}', () => {
    const body = op('post', '/api/v1/assets/{id}/signed-url').requestBody as Json;
    expect(body.required).to.equal(false);
  });

  it("describes a list route's query: page, pageSize (at most 200), sort with its whitelist, and its filters", () => {
    const parameters = (op('get', '/api/v1/echo/items').parameters as Json[]).filter((p) => p.$ref === undefined);
    const byName = new Map(parameters.map((p) => [p.name as string, p]));
    expect([...byName.keys()]).to.have.members(['page', 'pageSize', 'sort', 'keyword', 'kind']);
    for (const p of parameters) expect(p.in).to.equal('query');
    expect(byName.get('pageSize')!.schema).to.include({ type: 'integer', minimum: 1, maximum: 200, default: 20 });
    expect(byName.get('page')!.schema).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(byName.get('sort')!.schema.description).to.include('name, rank, createdAt');
    expect(byName.get('sort')!.schema['x-sort-fields'], 'the whitelist as data').to.deep.equal(['name', 'rank', 'createdAt']);
    expect(byName.get('keyword')!.description).to.equal('Part of the name.');
  });

  it("describes a list route's data as one page { items, page, pageSize, total } of items", () => {
    const schema = op('get', '/api/v1/echo/items').responses['200'].content['application/json'].schema as Json;
    expect(schema.properties.code).to.deep.equal({ const: '0' });
    const data = schema.properties.data as Json;
    expect(Object.keys(data.properties as Json)).to.have.members(['items', 'page', 'pageSize', 'total']);
    expect(Object.keys(data.properties.items.items.properties as Json)).to.have.members(['id', 'name', 'kind', 'rank', 'createdAt']);
  });

  it("lists each operation's error responses with their codes, by status", () => {
    const responses = op('post', '/api/v1/echo/items/{id}/reserve').responses as Json;
    expect(Object.keys(responses)).to.include.members(['200', '400', '401', '403', '409', '429', '500']);
    expect(responses['409'].description).to.include('ECHO_ITEM_RESERVED_409');
    expect(responses['409'].content['application/json'].schema.allOf[0]).to.deep.equal({ $ref: '#/components/schemas/Error' });
    const body = op('post', '/api/v1/echo/items').responses as Json;
    expect(body['400'].description).to.include('VALIDATION_MALFORMED_BODY_400');
    expect(body['413'].description).to.include('SYSTEM_PAYLOAD_TOO_LARGE_413');
    expect(op('get', '/api/v1/system/health').responses).to.not.have.property('429');
  });

  it("adds the description of an @openapi doc comment in a module's routes file", () => {
    expect(op('post', '/api/v1/echo/items').description).to.equal('Echoes the item back as created. Written in a doc comment, merged by the kernel.');
  });

  it('never lists a path that only a doc comment names', () => {
    expect(doc.paths).to.not.have.property('/api/v1/echo/ghost');
  });

  it("follows the live route table: a disabled module's routes leave the catalog, and return", async () => {
    await server.http().post('/api/v1/system/modules/test-echo/disable').set('Authorization', ADMIN).expect(200);
    try {
      const paths = Object.keys((await fetchDoc()).paths as Json);
      expect(paths.filter((p) => p.startsWith('/api/v1/echo'))).to.deep.equal([]);
      expectError(await server.http().get('/api/v1/echo/ping'), 404, 'SYSTEM_NOT_FOUND_404');
    } finally {
      await server.http().post('/api/v1/system/modules/test-echo/enable').set('Authorization', ADMIN).expect(200);
    }
    expect((await fetchDoc()).paths).to.have.property('/api/v1/echo/items');
  });

  const schemaOf = (response: Json): Json => response.content['application/json'].schema as Json;
  const dataOf = (method: string, path: string, status = '200'): Json => schemaOf(op(method, path).responses[status]).properties.data as Json;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('lists resources and inputs once under components/schemas, each route referring to them', () => {
    expect(doc.components.schemas).to.include.keys(
      'User',
      'UserCreate',
      'UserUpdate',
      'Department',
      'DepartmentNode',
      'Role',
      'RoleCreate',
      'Task',
      'TaskSubmit',
      'Error',
    );
    expect(op('post', '/api/v1/users').requestBody.content['application/json'].schema).to.deep.equal(ref('UserCreate'));
    expect(op('put', '/api/v1/users/{id}').requestBody.content['application/json'].schema).to.deep.equal(ref('UserUpdate'));
    expect(dataOf('get', '/api/v1/users/{id}')).to.deep.equal(ref('User'));
    expect(dataOf('post', '/api/v1/users', '201')).to.deep.equal(ref('User'));
    expect(dataOf('get', '/api/v1/users').properties.items.items).to.deep.equal(ref('User'));
    expect(doc.components.schemas.User.properties).to.include.keys('id', 'username', 'roleIds', 'version');
  });

  it('resolves the trees as reference cycles in components, and every reference resolves', () => {
    for (const name of ['DepartmentNode', 'MeMenuNode', 'MenuNode']) {
      expect(doc.components.schemas[name].properties.children.items, name).to.deep.equal(ref(name));
    }
    expect(dataOf('get', '/api/v1/departments/tree').properties.items.items).to.deep.equal(ref('DepartmentNode'));
    const refs: string[] = [];
    const ids: string[] = [];
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === '$ref') refs.push(value as string);
      if (key === '$id') ids.push(value as string);
      return value;
    });
    expect(ids).to.deep.equal([]);
    const unresolved = refs.filter((r) => {
      const [, kind, name] = /^#\/components\/(schemas|parameters|headers)\/(.+)$/.exec(r) ?? [];
      return kind === undefined || doc.components[kind]?.[name] === undefined;
    });
    expect(unresolved).to.deep.equal([]);
  });

  it('shows a named request schema closed, as validated, and a response schema as declared', () => {
    expect(doc.components.schemas.UserCreate.additionalProperties).to.equal(false);
    expect(doc.components.schemas.TaskSubmit.additionalProperties).to.equal(false);
    expect(doc.components.schemas.User).to.not.have.property('additionalProperties');
  });

  it('documents all four token 401s on every operation the kernel authenticates, and 403 where it checks a permission', () => {
    const tokenCodes = ['AUTH_TOKEN_MISSING_401', 'AUTH_TOKEN_INVALID_401', 'AUTH_TOKEN_EXPIRED_401', 'AUTH_TOKEN_REVOKED_401'];
    const byKey = new Map(server.kernel.routes.entries.map(({ route }) => [`${route.method.toLowerCase()} ${routeTemplate(route)}`, route]));
    let authenticated = 0;
    for (const { method, path, op: operation } of operations(doc)) {
      const route = byKey.get(`${method} ${path}`)!;
      if (operation.security.length === 0 || route.public === true) continue;
      authenticated += 1;
      expect(schemaOf(operation.responses['401']).allOf[1].properties.code.enum, `${method} ${path}`).to.include.members(tokenCodes);
      if (route.permission !== undefined)
        expect(schemaOf(operation.responses['403']).allOf[1].properties.code.enum, `${method} ${path}`).to.include('PERM_DENIED_403');
    }
    expect(authenticated).to.be.greaterThan(50);
  });

  it("lists each response's codes as an enum on code, each once, all of that status", () => {
    for (const { method, path, op: operation } of operations(doc)) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (Number(status) < 400) continue;
        const codes = schemaOf(response).allOf[1].properties.code.enum as string[];
        expect(new Set(codes).size, `${method} ${path} ${status}`).to.equal(codes.length);
        for (const code of codes) expect(code.endsWith(`_${status}`), `${method} ${path}: ${code}`).to.equal(true);
      }
    }
    const conflicts = schemaOf(op('put', '/api/v1/users/{id}').responses['409']).allOf[1].properties.code.enum as string[];
    expect(conflicts).to.include.members(['SYSTEM_VERSION_CONFLICT_409', 'SYSTEM_USER_DUPLICATED_409']);
  });

  it("gives logout the bearer scheme: it needs the session's token, not a permission", () => {
    const logout = op('post', '/api/v1/auth/logout');
    expect(logout.security).to.deep.equal([{ bearerAuth: [] }]);
    expect(logout['x-authenticated-only']).to.equal(true);
    expect(op('post', '/api/v1/auth/login').security).to.deep.equal([]);
  });

  it('answers 503 with Retry-After where a database or Redis is needed, and 400 for an undeclared query parameter everywhere', async () => {
    const unavailable = op('post', '/api/v1/users').responses['503'];
    expect(schemaOf(unavailable).allOf[1].properties.code.enum).to.deep.equal(['SYSTEM_DEPENDENCY_UNAVAILABLE_503']);
    expect(unavailable.headers['Retry-After']).to.deep.equal({ $ref: '#/components/headers/Retry-After' });
    expect(op('get', '/metrics').responses).to.not.have.property('503');
    expect(op('get', '/api/v1/system/health').responses).to.have.property('400');
    expectError(await server.http().get('/api/v1/system/health?unknown=1'), 400, 'VALIDATION_FAILED_400');
  });

  it("describes servers, the API, and each module as a tag with its manifest's description", () => {
    expect(doc.servers).to.deep.equal([{ url: '/', description: 'This Atrium instance' }]);
    expect(doc.info.description).to.be.a('string').that.is.not.empty;
    const tags = new Map((doc.tags as Json[]).map((t) => [t.name as string, t.description as string]));
    for (const { op: operation } of operations(doc)) for (const tag of operation.tags as string[]) expect(tags.has(tag), tag).to.equal(true);
    const users = server.kernel.routes.entries.find(({ ctx }) => ctx.id === 'users')!.ctx.manifest;
    expect(tags.get('users')).to.equal(users.description);
  });

  it('describes X-Request-Id on every operation and response, Retry-After on 429, and the headers a route sets', () => {
    expect(doc.components.parameters['X-Request-Id']).to.include({ in: 'header', required: false });
    for (const { method, path, op: operation } of operations(doc)) {
      expect(operation.parameters, `${method} ${path}`).to.deep.include({ $ref: '#/components/parameters/X-Request-Id' });
      for (const response of Object.values(operation.responses as Json))
        expect(response.headers['X-Request-Id'], `${method} ${path}`).to.deep.equal({ $ref: '#/components/headers/X-Request-Id' });
      if (operation.responses['429']) expect(operation.responses['429'].headers).to.have.property('Retry-After');
    }
    expect(op('post', '/api/v1/tasks').responses['201'].headers).to.have.property('Idempotent-Replayed');
  });

  it('describes the RateLimit-* fields once in components, referred to by every response of every rate-limited operation and by none of the others', () => {
    const fields = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];
    for (const name of fields) expect(doc.components.headers[name], name).to.have.property('schema');
    const byKey = new Map(server.kernel.routes.entries.map(({ route }) => [`${route.method.toLowerCase()} ${routeTemplate(route)}`, route]));
    let limited = 0;
    for (const { method, path, op: operation } of operations(doc)) {
      const rateLimited = byKey.get(`${method} ${path}`)!.rateLimit !== false;
      if (rateLimited) limited++;
      expect(Object.keys(operation.responses as Json).includes('429'), `${method} ${path}`).to.equal(rateLimited);
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        for (const name of fields) {
          if (rateLimited) expect(response.headers[name], `${method} ${path} ${status}`).to.deep.equal({ $ref: `#/components/headers/${name}` });
          else expect(response.headers, `${method} ${path} ${status}`).to.not.have.property(name);
        }
      }
    }
    expect(limited).to.be.greaterThan(0);
    expect(op('get', '/api/v1/system/health').responses['200'].headers).to.not.have.property('RateLimit-Limit');
  });
});

describe('API catalog: schemas of one name from two modules', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer({ modulePaths: [fixture('catalog-clash')] });
  });
  after(() => server?.stop());

  it("publishes each under its module's id, so neither takes the other's name", async () => {
    const doc = JSON.parse((await server.http().get('/v3/api-docs').expect(200)).text) as Json;
    expect(doc.components.schemas).to.not.have.property('User');
    expect(doc.components.schemas['catalog-clash.User'].properties).to.have.all.keys('handle');
    expect(doc.components.schemas['users.User'].properties).to.include.keys('username');
    const data = (method: string, path: string) => doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data as Json;
    expect(data('get', '/api/v1/catalog-clash/user')).to.deep.equal({ $ref: '#/components/schemas/catalog-clash.User' });
    expect(data('get', '/api/v1/users/{id}')).to.deep.equal({ $ref: '#/components/schemas/users.User' });
  });
});

describe('API catalog: who may read it', () => {
  it('needs system:catalog:query when API_DOCS_PUBLIC=false: 401 without a token, 403 without the permission', async () => {
    const server = await startEchoServer({ env: { NODE_ENV: 'test', API_DOCS_PUBLIC: 'false' } });
    try {
      expectError(await server.http().get('/v3/api-docs'), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(
        await server
          .http()
          .get('/v3/api-docs')
          .set('Authorization', tokenFor('eve', ['system:module:list'])),
        403,
        'PERM_DENIED_403',
      );
      const doc = JSON.parse((await server.http().get('/v3/api-docs').set('Authorization', CATALOG_READER).expect(200)).text) as Json;
      expect(doc.paths['/v3/api-docs'].get.security).to.deep.equal([{ bearerAuth: [] }]);
    } finally {
      await server.stop();
    }
  });

  it('is closed by default in production and open by default elsewhere', () => {
    const environment = (production: boolean, value?: string) => ({
      name: production ? 'production' : 'development',
      production,
      background: true,
      variable: () => value,
      integer: () => 0,
    });
    expect(apiDocsArePublic(environment(true))).to.equal(false);
    expect(apiDocsArePublic(environment(false))).to.equal(true);
    expect(apiDocsArePublic(environment(true, 'true'))).to.equal(true);
    expect(apiDocsArePublic(environment(false, 'FALSE'))).to.equal(false);
  });

  it('refuses to start with an API_DOCS_PUBLIC that is neither true nor false', async () => {
    let refusal: unknown;
    await startEchoServer({ env: { NODE_ENV: 'test', API_DOCS_PUBLIC: 'yes' } }).then(
      (s) => s.stop(),
      (error: unknown) => (refusal = error),
    );
    expect(String(refusal)).to.include('API_DOCS_PUBLIC must be true or false');
  });
});
