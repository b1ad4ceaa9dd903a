import path from 'node:path';
import { expect } from 'chai';
import type { Test } from 'supertest';
import { DEFAULT_TENANT_ID } from '../../kernel/api';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startInstances, type Instances } from '../support/instances';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { createTenant, type CreatedTenant } from './helpers';

const PASSWORD = 'overrides-passphrase-1';
const PARAMS_PROBE = path.join(__dirname, '..', 'params', 'fixtures', 'params-probe');
const DICTIONARIES_PROBE = path.join(__dirname, '..', 'dictionaries', 'fixtures', 'dictionaries-probe');

type Method = 'get' | 'post' | 'put' | 'delete';
type Json = Record<string, any>;

/**
 * Params and dictionaries per tenant: the default tenant's rows are the platform's defaults,
 * which every tenant reads; a tenant's own row with the same key (a param) or code (a
 * dictionary) applies in that tenant only, and a tenant writes nothing but its own rows.
 */
describe('tenants: params and dictionaries, platform defaults and tenant overrides', () => {
  let server: TestServer;
  let platform: Tokens;
  let a: CreatedTenant;
  let b: CreatedTenant;
  before(async () => {
    server = await startTestServer({ modulePaths: [PARAMS_PROBE, DICTIONARIES_PROBE] });
    platform = await adminLogin(server);
    a = await createTenant(server, platform.bearer, 'over-a', PASSWORD);
    b = await createTenant(server, platform.bearer, 'over-b', PASSWORD);
  });
  after(() => server?.stop());

  const call = (method: Method, path: string, who: Tokens, body?: object): Test => {
    const request = server.http()[method](`/api/v1${path}`).set('Authorization', who.bearer);
    return body === undefined ? request : request.send(body);
  };
  const data = async (request: Test, status = 200): Promise<Json> => expectSuccess(await request, status).data as Json;
  const byKey = (who: Tokens, key: string) => data(call('get', `/params/by-key/${key}`, who));
  /** What a module reading its params through params.Params gets in the tenant (the platform's when none). */
  const probeValues = async (tenantId?: string) =>
    expectSuccess(
      await server
        .http()
        .get('/api/v1/params-probe/values')
        .set('Authorization', tokenFor('probe', ['params-probe:param:read'], { tenantId })),
    ).data as Json;
  /** What dictionaries.Dictionaries answers a module in the tenant: the active items' values. */
  const probeItems = async (code: string, tenantId?: string) =>
    (
      (
        expectSuccess(
          await server
            .http()
            .get(`/api/v1/dictionaries-probe/${code}/items`)
            .set('Authorization', tokenFor('probe', ['dictionaries-probe:dict:read'], { tenantId })),
        ).data as Json
      ).items as { value: string }[]
    ).map((item) => item.value);

  describe('params', () => {
    let banner: Json;
    before(async () => {
      banner = await data(call('post', '/params', platform, { key: 'site.banner', value: 'Platform', name: 'Banner' }), 201);
    });

    it('shows a tenant administrator the platform defaults, inherited, and the built-ins among them', async () => {
      const listed = await data(call('get', '/params?keyword=site.banner', a.chief));
      expect(listed.items).to.deep.equal([{ ...banner, inherited: true }]);
      expect(await byKey(a.chief, 'auth.login.maxFailures')).to.include({ value: '5', builtin: true, inherited: true });
      expect(await byKey(platform, 'site.banner')).to.include({ id: banner.id, inherited: false });
    });

    it("applies a tenant's override in that tenant only: the list has the key once, its own; others read the default", async () => {
      const own = await data(call('post', '/params', a.chief, { key: 'SITE.BANNER', value: 'A banner', name: 'Banner of A' }), 201);
      expect(own).to.include({ value: 'A banner', builtin: false, inherited: false });
      const listed = await data(call('get', '/params?keyword=site.banner', a.chief));
      expect(listed).to.deep.include({ total: 1, items: [own] });
      expect(await byKey(a.chief, 'site.banner')).to.deep.equal(own);
      expect(await byKey(b.chief, 'site.banner')).to.include({ id: banner.id, value: 'Platform', inherited: true });
      expect(await byKey(platform, 'site.banner')).to.include({ id: banner.id, value: 'Platform', inherited: false });
      const other = await data(call('get', '/params?keyword=site.banner', b.chief));
      expect(other.items.map((p: Json) => p.id)).to.deep.equal([banner.id]);
    });

    it('keeps a key unique within its tenant: a second one in A is 409, while B may make its own', async () => {
      detailFor(
        expectError(await call('post', '/params', a.chief, { key: 'site.banner', value: 'again', name: 'Again' }), 409, 'SYSTEM_PARAM_DUPLICATED_409'),
        '/body/key',
      );
      expect(await data(call('post', '/params', b.chief, { key: 'site.banner', value: 'B banner', name: 'Banner of B' }), 201)).to.include({
        inherited: false,
      });
    });

    it("answers 404 to a tenant changing a platform default or another tenant's param, and changes nothing", async () => {
      const bOwn = await byKey(b.chief, 'site.banner');
      for (const id of [banner.id as string, bOwn.id as string]) {
        expectError(await call('put', `/params/${id}`, a.chief, { value: 'taken', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
        expectError(await call('delete', `/params/${id}`, a.chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      }
      expectError(await call('get', `/params/${bOwn.id as string}`, a.chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expect(await byKey(platform, 'site.banner')).to.deep.equal({ ...banner, inherited: false });
      expect(await byKey(b.chief, 'site.banner')).to.deep.equal(bOwn);
    });

    it('resolves params.Params per tenant, at once: an override in A is read in A, never in B or by the platform', async () => {
      // Every tenant has the value cached before A's override.
      for (const tenant of [a.id, b.id, undefined]) expect(await probeValues(tenant)).to.include({ retries: 3 });
      const own = await data(call('post', '/params', a.chief, { key: 'params-probe.retries', value: '7', name: 'Mine' }), 201);
      // An override of a built-in is built in: the module's name, its value held to the definition.
      expect(own).to.include({ builtin: true, name: 'Retries', inherited: false });
      expect(await probeValues(a.id)).to.include({ retries: 7 });
      expect(await probeValues(b.id)).to.include({ retries: 3 });
      expect(await probeValues()).to.include({ retries: 3 });
      const refused = expectError(
        await call('put', `/params/${own.id as string}`, a.chief, { value: '11', version: own.version }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(detailFor(refused, '/body/value').rule).to.equal('maximum');
      detailFor(
        expectError(await call('post', '/params', b.chief, { key: 'params-probe.retries', value: 'many', name: 'B' }), 400, 'VALIDATION_FAILED_400'),
        '/body/value',
      );
    });

    it("brings the default back at once when the tenant deletes its override, a built-in's included", async () => {
      const own = await byKey(a.chief, 'params-probe.retries');
      expect(await probeValues(a.id)).to.include({ retries: 7 });
      expectSuccess(await call('delete', `/params/${own.id as string}`, a.chief));
      expect(await probeValues(a.id)).to.include({ retries: 3 });
      expect(await byKey(a.chief, 'params-probe.retries')).to.include({ value: '3', inherited: true });
    });

    it('carries a change of a platform default to every tenant without an override, at once', async () => {
      await data(call('post', '/params', a.chief, { key: 'params-probe.greeting', value: 'hola', name: 'Greeting' }), 201);
      for (const tenant of [a.id, b.id, undefined]) await probeValues(tenant);
      const greeting = await byKey(platform, 'params-probe.greeting');
      expectSuccess(await call('put', `/params/${greeting.id as string}`, platform, { value: 'bonjour', version: greeting.version }));
      expect(await probeValues(b.id)).to.include({ greeting: 'bonjour' });
      expect(await probeValues()).to.include({ greeting: 'bonjour' });
      expect(await probeValues(a.id)).to.include({ greeting: 'hola' });
    });

    it("keeps a built-in not declared perTenant the platform's: a tenant's own is 403, and every tenant reads the platform's value", async () => {
      const refused = expectError(
        await call('post', '/params', a.chief, { key: 'PARAMS-PROBE.ENABLED', value: 'false', name: 'Mine' }),
        403,
        'SYSTEM_PARAM_PLATFORM_ONLY_403',
      );
      expect(detailFor(refused, '/body/key').rule).to.equal('platformOnly');
      const plain = await data(call('post', '/params', a.chief, { key: 'a.flag', value: 'false', name: 'Flag' }), 201);
      expectError(
        await call('put', `/params/${plain.id as string}`, a.chief, { key: 'params-probe.enabled', version: plain.version }),
        403,
        'SYSTEM_PARAM_PLATFORM_ONLY_403',
      );
      const enabled = await byKey(platform, 'params-probe.enabled');
      expectSuccess(await call('put', `/params/${enabled.id as string}`, platform, { value: 'false', version: enabled.version }));
      // A row a tenant held before its module made the key the platform's is passed over.
      await server.sql(
        "insert into params_param (id, tenant_id, key, value, name, builtin, version, created_at, updated_at) values (gen_random_uuid(), ?, 'params-probe.enabled', 'true', 'Old', false, 1, now(), now())",
        [a.id],
      );
      await server.kernel.registry.get('params')!.ctx.cache.clear();
      for (const tenant of [a.id, b.id, undefined]) expect(await probeValues(tenant)).to.include({ enabled: false });
    });

    it("holds another module's reads to the tenant's value: a password policy raised in A only", async () => {
      const password = 'twenty-two-characters!';
      await data(call('post', '/params', a.chief, { key: 'users.password.minLength', value: '30', name: 'Longer' }), 201);
      const refused = expectError(await call('post', '/users', a.chief, { username: 'short-pass', password }), 400, 'VALIDATION_FAILED_400');
      detailFor(refused, '/body/password');
      await data(call('post', '/users', b.chief, { username: 'short-pass', password }), 201);
    });
  });

  describe('dictionaries', () => {
    let colour: Json;
    const items = async (who: Tokens, code = 'dp_colour') =>
      ((await data(call('get', `/dictionaries/${code}/items`, who))).items as Json[]).map((i) => i.value);
    before(async () => {
      colour = await data(call('post', '/dictionaries', platform, { code: 'dp_colour', name: 'Colour' }), 201);
      for (const value of ['red', 'blue']) await data(call('post', '/dictionaries/dp_colour/items', platform, { value, label: value }), 201);
    });

    it('shows a tenant the platform dictionaries and their items, inherited', async () => {
      const listed = await data(call('get', '/dictionaries?keyword=dp_colour', a.chief));
      expect(listed.items).to.deep.equal([{ ...colour, inherited: true }]);
      expect(await items(a.chief)).to.deep.equal(['blue', 'red']);
      expect(await probeItems('dp_colour', a.id)).to.deep.equal(['blue', 'red']);
    });

    it("replaces the platform's dictionary, items and all, with a tenant's own of the same code, in that tenant only", async () => {
      for (const tenant of [a.id, b.id, undefined]) expect(await probeItems('dp_colour', tenant)).to.deep.equal(['blue', 'red']);
      const own = await data(call('post', '/dictionaries', a.chief, { code: 'DP_COLOUR', name: 'Colour of A' }), 201);
      expect(own).to.include({ inherited: false });
      await data(call('post', '/dictionaries/dp_colour/items', a.chief, { value: 'green', label: 'Green' }), 201);
      expect(await probeItems('dp_colour', a.id)).to.deep.equal(['green']);
      expect(await items(a.chief)).to.deep.equal(['green']);
      expect((await data(call('get', '/dictionaries?keyword=dp_colour', a.chief))).items).to.deep.equal([own]);
      for (const tenant of [b.id, undefined]) expect(await probeItems('dp_colour', tenant)).to.deep.equal(['blue', 'red']);
      expect(await items(b.chief)).to.deep.equal(['blue', 'red']);
    });

    it("answers 404 to a tenant writing a platform dictionary or its items, or reading another tenant's, and changes nothing", async () => {
      const platformItems = (await data(call('get', '/dictionaries/dp_colour/items', platform))).items as Json[];
      const [aOwn] = (await data(call('get', '/dictionaries?keyword=dp_colour', a.chief))).items as Json[];
      expectError(await call('post', '/dictionaries/dp_colour/items', b.chief, { value: 'pink', label: 'Pink' }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      for (const item of platformItems) {
        expectError(
          await call('put', `/dictionaries/dp_colour/items/${item.id as string}`, b.chief, { label: 'Mine', version: 1 }),
          404,
          'SYSTEM_RESOURCE_NOT_FOUND_404',
        );
        expectError(await call('delete', `/dictionaries/dp_colour/items/${item.id as string}`, b.chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      }
      expectError(await call('put', `/dictionaries/${colour.id as string}`, b.chief, { name: 'Mine', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('delete', `/dictionaries/${colour.id as string}`, b.chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('get', `/dictionaries/${aOwn.id as string}`, b.chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expect((await data(call('get', '/dictionaries/dp_colour/items', platform))).items).to.deep.equal(platformItems);
      expect(await data(call('get', `/dictionaries/${colour.id as string}`, platform))).to.deep.equal({ ...colour, inherited: false });
    });

    it('carries a change of a platform dictionary to the tenants without their own, at once', async () => {
      expect(await probeItems('dp_colour', b.id)).to.deep.equal(['blue', 'red']);
      await data(call('post', '/dictionaries/dp_colour/items', platform, { value: 'yellow', label: 'yellow' }), 201);
      expect(await probeItems('dp_colour', b.id)).to.deep.equal(['blue', 'red', 'yellow']);
      expect(await probeItems('dp_colour', a.id)).to.deep.equal(['green']);
    });

    it("brings the platform's dictionary back at once when the tenant deletes its own", async () => {
      const [own] = (await data(call('get', '/dictionaries?keyword=dp_colour', a.chief))).items as Json[];
      expectSuccess(await call('delete', `/dictionaries/${own.id as string}`, a.chief));
      expect(await probeItems('dp_colour', a.id)).to.deep.equal(['blue', 'red', 'yellow']);
      expect(await items(a.chief)).to.deep.equal(['blue', 'red', 'yellow']);
    });
  });

  describe('in the database', () => {
    const tables = ['params_param', 'dictionaries_type', 'dictionaries_item'];

    it("lets a tenant's statement read its own rows and the defaults, never another tenant's, and change only its own", async () => {
      await data(call('post', '/dictionaries', b.chief, { code: 'dp_size', name: 'Size' }), 201);
      await data(call('post', '/dictionaries/dp_size/items', b.chief, { value: 'm', label: 'M' }), 201);
      for (const table of tables) {
        const seen = (await server.tenantSql<{ tenant: string }>(a.id, `select distinct tenant_id::text as tenant from "${table}"`)).map((r) => r.tenant);
        expect(seen, table).to.include(DEFAULT_TENANT_ID).and.not.include(b.id);
        const changed = await server.tenantSql(a.id, `update "${table}" set version = version + 1 where tenant_id <> ? returning id`, [a.id]);
        expect(changed, table).to.deep.equal([]);
      }
    });

    it('deletes with a tenant its overrides and own dictionaries, and leaves the platform defaults', async () => {
      const doomed = await createTenant(server, platform.bearer, 'over-doomed', PASSWORD);
      await data(call('post', '/params', doomed.chief, { key: 'site.banner', value: 'Doomed', name: 'Banner' }), 201);
      await data(call('post', '/dictionaries', doomed.chief, { code: 'dp_colour', name: 'Colour' }), 201);
      await data(call('post', '/dictionaries/dp_colour/items', doomed.chief, { value: 'black', label: 'Black' }), 201);
      const count = async (tenantId: string) =>
        Promise.all(
          tables.map(async (table) => (await server.sql<{ n: number }>(`select count(*)::int as n from "${table}" where tenant_id = ?`, [tenantId]))[0].n),
        );
      expect(await count(doomed.id)).to.deep.equal([1, 1, 1]);
      const defaults = await count(DEFAULT_TENANT_ID);
      expectSuccess(await call('delete', `/tenants/${doomed.id}`, platform).query({ version: doomed.version }));
      expect(await count(doomed.id)).to.deep.equal([0, 0, 0]);
      expect(await count(DEFAULT_TENANT_ID)).to.deep.equal(defaults);
      expect(await byKey(platform, 'site.banner')).to.include({ value: 'Platform' });
    });
  });
});

/**
 * Two instances on one PostgreSQL, sharing Redis: a tenant's override, and a change of a platform
 * default, made on one instance are read on the other at its next read, in the right tenants
 * only. Needs a PostgreSQL server and Redis; skipped otherwise.
 */
describe('tenants: overrides read across two instances sharing PostgreSQL and Redis', () => {
  let instances: Instances | null = null;
  let first: TestServer;
  let second: TestServer;
  before(async function () {
    instances = await startInstances({ modulePaths: [PARAMS_PROBE] });
    if (!instances) this.skip();
    ({ first, second } = instances);
  });
  after(() => instances?.stop());

  const retries = async (server: TestServer, tenantId: string) =>
    (
      expectSuccess(
        await server
          .http()
          .get('/api/v1/params-probe/values')
          .set('Authorization', tokenFor('probe', ['params-probe:param:read'], { tenantId })),
      ).data as Json
    ).retries as number;

  it("answers on one instance a tenant's override made on the other, in that tenant only, and a changed default elsewhere", async () => {
    const platform = await adminLogin(first);
    const a = await createTenant(first, platform.bearer, 'twin-a', PASSWORD);
    const b = await createTenant(first, platform.bearer, 'twin-b', PASSWORD);
    // The second instance now holds both tenants' values in its cache.
    expect([await retries(second, a.id), await retries(second, b.id)]).to.deep.equal([3, 3]);
    const post = first.http().post('/api/v1/params').set('Authorization', a.chief.bearer);
    expectSuccess(await post.send({ key: 'params-probe.retries', value: '7', name: 'Retries' }), 201);
    expect([await retries(second, a.id), await retries(second, b.id)]).to.deep.equal([7, 3]);
    const byKey = await first.http().get('/api/v1/params/by-key/params-probe.retries').set('Authorization', platform.bearer);
    const platformDefault = expectSuccess(byKey).data as Json;
    const put = first
      .http()
      .put(`/api/v1/params/${platformDefault.id as string}`)
      .set('Authorization', platform.bearer);
    expectSuccess(await put.send({ value: '5', version: platformDefault.version }));
    expect([await retries(second, a.id), await retries(second, b.id)]).to.deep.equal([7, 5]);
  });
});
