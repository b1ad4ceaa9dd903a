import { expect } from 'chai';
import type { Test } from 'supertest';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';

interface ParamBody {
  id: string;
  key: string;
  value: string;
  name: string;
  builtin: boolean;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

describe('params: create, read, update, delete', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  type Method = 'get' | 'post' | 'put' | 'delete';
  const call = (method: Method, path: string, body?: object, token = ADMIN): Test => {
    const request = server.http()[method](`/api/v1${path}`).set('Authorization', token);
    return body === undefined ? request : request.send(body);
  };
  const create = async (key: string, value = 'on', extra: object = {}): Promise<ParamBody> =>
    expectSuccess(await call('post', '/params', { key, value, name: `Param ${key}`, ...extra }), 201).data as ParamBody;

  describe('one param', () => {
    it('creates a param: 201 with a string value, builtin false, version 1 and timestamps', async () => {
      const param = expectSuccess(
        await call('post', '/params', { key: 'site.title', value: 'Atrium', name: '  Site title ', remark: 'Shown in the header' }),
        201,
      ).data as ParamBody;
      expect(param).to.have.all.keys('id', 'key', 'value', 'name', 'builtin', 'remark', 'inherited', 'version', 'createdAt', 'updatedAt');
      expect(param).to.include({
        key: 'site.title',
        value: 'Atrium',
        name: 'Site title',
        builtin: false,
        remark: 'Shown in the header',
        inherited: false,
        version: 1,
      });
      expect(param.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(param.createdAt)).to.be.closeTo(Date.now(), 60_000);
    });

    it('reads it by id, and by key whatever the key’s case', async () => {
      const param = await create('site.readme');
      expect(expectSuccess(await call('get', `/params/${param.id}`)).data).to.deep.equal(param);
      expect(expectSuccess(await call('get', '/params/by-key/site.readme')).data).to.deep.equal(param);
      expect(expectSuccess(await call('get', '/params/by-key/SITE.README')).data).to.deep.equal(param);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an unknown id or key', async () => {
      expectError(await call('get', '/params/0190f5a4-7c2e-7000-8000-000000000000'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      detailFor(expectError(await call('get', '/params/by-key/no.such.key'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/key');
    });

    it('changes only the fields sent, and moves the version on', async () => {
      const param = await create('site.motto', 'old', { remark: 'kept' });
      const changed = expectSuccess(await call('put', `/params/${param.id}`, { value: 'new', version: 1 })).data as ParamBody;
      expect(changed).to.include({ key: 'site.motto', value: 'new', name: param.name, remark: 'kept', version: 2 });
      const renamed = expectSuccess(await call('put', `/params/${param.id}`, { key: 'site.slogan', name: 'Slogan', remark: null, value: '', version: 2 })).data;
      expect(renamed).to.include({ key: 'site.slogan', value: '', name: 'Slogan', remark: null, version: 3 });
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an update or a delete with a stale version, and changes nothing', async () => {
      const param = await create('site.stale', 'first');
      expectSuccess(await call('put', `/params/${param.id}`, { value: 'second', version: 1 }));
      detailFor(expectError(await call('put', `/params/${param.id}`, { value: 'third', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/body/version');
      detailFor(expectError(await call('delete', `/params/${param.id}?version=1`), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expect((expectSuccess(await call('get', `/params/${param.id}`)).data as ParamBody).value).to.equal('second');
    });

    it('lets exactly one of four concurrent updates sent with the same version win', async () => {
      const param = await create('site.contested');
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((value) => call('put', `/params/${param.id}`, { value, version: 1 })));
      expect(results.filter((r) => r.status === 200)).to.have.length(1);
      for (const lost of results.filter((r) => r.status !== 200)) expectError(lost, 409, 'SYSTEM_VERSION_CONFLICT_409');
    });

    it('deletes a param: 200 with {}, then 404', async () => {
      const param = await create('site.gone');
      expect(expectSuccess(await call('delete', `/params/${param.id}?version=1`)).data).to.deep.equal({});
      expectError(await call('get', `/params/${param.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await call('delete', `/params/${param.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('keys', () => {
    it('answers 409 SYSTEM_PARAM_DUPLICATED_409 naming /body/key for a key taken, whatever its case, on create and update', async () => {
      await create('mail.sender');
      detailFor(expectError(await call('post', '/params', { key: 'Mail.Sender', value: 'x', name: 'Again' }), 409, 'SYSTEM_PARAM_DUPLICATED_409'), '/body/key');
      const other = await create('mail.replyTo');
      detailFor(expectError(await call('put', `/params/${other.id}`, { key: 'MAIL.SENDER', version: 1 }), 409, 'SYSTEM_PARAM_DUPLICATED_409'), '/body/key');
    });

    it('lets exactly one of 10 concurrent creates of one key through: one 201, nine 409', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call('post', '/params', { key: i % 2 ? 'race.key' : 'RACE.KEY', value: String(i), name: `Racer ${i}` })),
      );
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const lost of results.filter((r) => r.status !== 201)) expectError(lost, 409, 'SYSTEM_PARAM_DUPLICATED_409');
    });

    it('answers 400 VALIDATION_FAILED_400 for a malformed key, a blank name or an over-long value', async () => {
      for (const key of ['', '1st.key', 'has space', 'slash/key', 'k'.repeat(101)]) {
        detailFor(expectError(await call('post', '/params', { key, value: 'x', name: 'Bad' }), 400, 'VALIDATION_FAILED_400'), '/body/key');
      }
      detailFor(expectError(await call('post', '/params', { key: 'blank.name', value: 'x', name: '   ' }), 400, 'VALIDATION_FAILED_400'), '/body/name');
      detailFor(
        expectError(await call('post', '/params', { key: 'long.value', value: 'v'.repeat(2001), name: 'Long' }), 400, 'VALIDATION_FAILED_400'),
        '/body/value',
      );
      detailFor(expectError(await call('post', '/params', { key: 'number.value', value: 5, name: 'Number' }), 400, 'VALIDATION_FAILED_400'), '/body/value');
    });

    it('answers 400 naming a property the schema does not declare', async () => {
      const refused = expectError(
        await call('post', '/params', { key: 'sneaky.builtin', value: 'x', name: 'Sneaky', builtin: true }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(detailFor(refused, '/body/builtin').rule).to.equal('additionalProperties');
      const param = await create('sneaky.update');
      expect(
        detailFor(expectError(await call('put', `/params/${param.id}`, { builtin: true, version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/builtin').rule,
      ).to.equal('additionalProperties');
      detailFor(expectError(await call('put', `/params/${param.id}`, { value: 'no version' }), 400, 'VALIDATION_FAILED_400'), '/body/version');
    });
  });

  describe('the list', () => {
    before(async () => {
      await create('zlist.bravo', '2', { name: 'Charlie' });
      await create('zlist.alpha', '1', { name: 'Delta' });
      await create('zlist.charlie', '3', { name: 'Alpha' });
    });
    const list = async (query: string) =>
      expectSuccess(await call('get', `/params?${query}`)).data as { items: ParamBody[]; page: number; pageSize: number; total: number };

    it('answers { items, page, pageSize, total }, ordered by key by default', async () => {
      const page = await list('keyword=zlist.');
      expect(page).to.have.all.keys('items', 'page', 'pageSize', 'total');
      expect(page).to.include({ page: 1, pageSize: 20, total: 3 });
      expect(page.items.map((p) => p.key)).to.deep.equal(['zlist.alpha', 'zlist.bravo', 'zlist.charlie']);
    });

    it('filters by part of the key or the name, and by builtin', async () => {
      expect((await list('keyword=ZLIST.B')).items.map((p) => p.key)).to.deep.equal(['zlist.bravo']);
      expect((await list('keyword=delt')).items.map((p) => p.key)).to.deep.equal(['zlist.alpha']);
      const builtins = await list('builtin=true&pageSize=200');
      expect(builtins.items.length).to.be.greaterThan(0);
      expect(builtins.items.every((p) => p.builtin)).to.equal(true);
      expect((await list('builtin=false&keyword=zlist')).total).to.equal(3);
    });

    it('sorts by a whitelisted field and pages', async () => {
      const byName = await list('keyword=zlist.&sort=name,asc&pageSize=2');
      expect(byName.items.map((p) => p.name)).to.deep.equal(['Alpha', 'Charlie']);
      expect(byName).to.include({ pageSize: 2, total: 3 });
      const second = await list('keyword=zlist.&sort=key,desc&pageSize=2&page=2');
      expect(second.items.map((p) => p.key)).to.deep.equal(['zlist.alpha']);
    });

    it('answers 400 naming the parameter for a sort off the whitelist, a bad direction or a page size over 200', async () => {
      detailFor(expectError(await call('get', '/params?sort=value,asc'), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await call('get', '/params?sort=key,up'), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await call('get', '/params?pageSize=201'), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
      detailFor(expectError(await call('get', '/params?builtin=maybe'), 400, 'VALIDATION_FAILED_400'), '/query/builtin');
    });
  });

  describe('access', () => {
    const id = '0190f5a4-7c2e-7000-8000-000000000000';
    const routes: Array<[Method, string, string, object?]> = [
      ['get', '/params', 'system:config:list'],
      ['get', '/params/by-key/site.title', 'system:config:query'],
      ['get', `/params/${id}`, 'system:config:query'],
      ['post', '/params', 'system:config:add', { key: 'a.b', value: 'c', name: 'd' }],
      ['put', `/params/${id}`, 'system:config:edit', { value: 'c', version: 1 }],
      ['delete', `/params/${id}`, 'system:config:remove'],
    ];

    it('answers 401 AUTH_TOKEN_MISSING_401 without a token on every route', async () => {
      for (const [method, path, , body] of routes) {
        const request = server.http()[method](`/api/v1${path}`);
        expectError(await (body ? request.send(body) : request), 401, 'AUTH_TOKEN_MISSING_401');
      }
    });

    it('answers 403 PERM_DENIED_403 to a caller holding every permission but the route’s', async () => {
      const all = routes.map(([, , permission]) => permission);
      for (const [method, path, permission, body] of routes) {
        const token = tokenFor(
          'almost',
          all.filter((p) => p !== permission),
        );
        expectError(await call(method, path, body, token), 403, 'PERM_DENIED_403');
      }
    });

    it('lets a caller with exactly the route’s permission through', async () => {
      expectSuccess(await call('get', '/params', undefined, tokenFor('reader', ['system:config:list'])));
      expectSuccess(await call('post', '/params', { key: 'access.add', value: 'x', name: 'Access' }, tokenFor('adder', ['system:config:add'])), 201);
    });
  });
});
