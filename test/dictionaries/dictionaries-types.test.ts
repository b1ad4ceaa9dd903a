import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { DictionariesClient, type PageBody, type TypeBody } from './helpers';

describe('dictionaries: the dictionaries (types)', () => {
  let server: TestServer;
  const api = new DictionariesClient(() => server);
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  describe('one dictionary', () => {
    it('creates a dictionary: 201 with id, code, trimmed name, status active, version 1 and timestamps', async () => {
      const type = expectSuccess(await api.call('post', '/dictionaries', { code: 'sys_user_sex', name: ' Sex ', remark: 'Of a user' }), 201).data as TypeBody;
      expect(type).to.have.all.keys('id', 'code', 'name', 'names', 'builtin', 'status', 'remark', 'inherited', 'version', 'createdAt', 'updatedAt');
      expect(type).to.include({ code: 'sys_user_sex', name: 'Sex', builtin: false, status: 'active', remark: 'Of a user', inherited: false, version: 1 });
      expect(type.names).to.deep.equal({});
      expect(type.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(expectSuccess(await api.call('get', `/dictionaries/${type.id}`)).data).to.deep.equal(type);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an unknown id', async () => {
      expectError(await api.call('get', '/dictionaries/0190f5a4-7c2e-7000-8000-000000000000'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('changes only the fields sent, and moves the version on', async () => {
      const type = await api.addType('change_me', { remark: 'kept' });
      const changed = expectSuccess(await api.call('put', `/dictionaries/${type.id}`, { name: 'Changed', status: 'disabled', version: 1 })).data;
      expect(changed).to.include({ code: 'change_me', name: 'Changed', status: 'disabled', remark: 'kept', version: 2 });
      const recoded = expectSuccess(await api.call('put', `/dictionaries/${type.id}`, { code: 'changed', remark: null, version: 2 })).data;
      expect(recoded).to.include({ code: 'changed', remark: null, version: 3 });
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an update or a delete with a stale version', async () => {
      const type = await api.addType('stale_type');
      expectSuccess(await api.call('put', `/dictionaries/${type.id}`, { name: 'Second', version: 1 }));
      detailFor(
        expectError(await api.call('put', `/dictionaries/${type.id}`, { name: 'Third', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'),
        '/body/version',
      );
      detailFor(expectError(await api.call('delete', `/dictionaries/${type.id}?version=1`), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
      expect((expectSuccess(await api.call('get', `/dictionaries/${type.id}`)).data as TypeBody).name).to.equal('Second');
    });

    it('deletes a dictionary and its items: 200 with {}, then 404 for both', async () => {
      const type = await api.addType('doomed');
      const item = await api.addItem('doomed', '1');
      expect(expectSuccess(await api.call('delete', `/dictionaries/${type.id}?version=1`)).data).to.deep.equal({});
      expectError(await api.call('get', `/dictionaries/${type.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.call('get', '/dictionaries/doomed/items'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      // A new dictionary of the same code starts empty: the old items went with the old one.
      await api.addType('doomed');
      expect((await api.items('doomed')).total).to.equal(0);
      expectError(await api.call('get', `/dictionaries/doomed/items/${item.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('codes', () => {
    it('answers 409 SYSTEM_DICT_DUPLICATED_409 naming /body/code for a code taken, whatever its case, on create and update', async () => {
      await api.addType('taken_code');
      detailFor(expectError(await api.call('post', '/dictionaries', { code: 'TAKEN_code', name: 'Again' }), 409, 'SYSTEM_DICT_DUPLICATED_409'), '/body/code');
      const other = await api.addType('other_code');
      detailFor(
        expectError(await api.call('put', `/dictionaries/${other.id}`, { code: 'Taken_Code', version: 1 }), 409, 'SYSTEM_DICT_DUPLICATED_409'),
        '/body/code',
      );
    });

    it('lets exactly one of 10 concurrent creates of one code through: one 201, nine 409', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => api.call('post', '/dictionaries', { code: i % 2 ? 'racing' : 'RACING', name: `Racer ${i}` })),
      );
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const lost of results.filter((r) => r.status !== 201)) expectError(lost, 409, 'SYSTEM_DICT_DUPLICATED_409');
    });

    it('answers 400 VALIDATION_FAILED_400 for a malformed code, a blank name, an unknown status', async () => {
      for (const code of ['', '1st', 'has space', 'slash/code', 'c'.repeat(101)]) {
        detailFor(expectError(await api.call('post', '/dictionaries', { code, name: 'Bad' }), 400, 'VALIDATION_FAILED_400'), '/body/code');
      }
      detailFor(expectError(await api.call('post', '/dictionaries', { code: 'blank', name: '  ' }), 400, 'VALIDATION_FAILED_400'), '/body/name');
      detailFor(
        expectError(await api.call('post', '/dictionaries', { code: 'odd', name: 'Odd', status: 'archived' }), 400, 'VALIDATION_FAILED_400'),
        '/body/status',
      );
    });

    it('answers 400 naming a property the schema does not declare', async () => {
      const refused = expectError(await api.call('post', '/dictionaries', { code: 'extra', name: 'Extra', items: [] }), 400, 'VALIDATION_FAILED_400');
      expect(detailFor(refused, '/body/items').rule).to.equal('additionalProperties');
      const type = await api.addType('extra_update');
      expect(
        detailFor(expectError(await api.call('put', `/dictionaries/${type.id}`, { id: type.id, version: 1 }), 400, 'VALIDATION_FAILED_400'), '/body/id').rule,
      ).to.equal('additionalProperties');
    });
  });

  describe('the list', () => {
    before(async () => {
      await api.addType('zz_b', { name: 'Charlie' });
      await api.addType('zz_a', { name: 'Delta', status: 'disabled' });
      await api.addType('zz_c', { name: 'Alpha' });
    });
    const list = async (query: string) => expectSuccess(await api.call('get', `/dictionaries?${query}`)).data as PageBody<TypeBody>;

    it('answers { items, page, pageSize, total }, ordered by code by default', async () => {
      const page = await list('keyword=zz_');
      expect(page).to.include({ page: 1, pageSize: 20, total: 3 });
      expect(page.items.map((t) => t.code)).to.deep.equal(['zz_a', 'zz_b', 'zz_c']);
    });

    it('filters by part of the code or the name, and by status', async () => {
      expect((await list('keyword=ZZ_B')).items.map((t) => t.code)).to.deep.equal(['zz_b']);
      expect((await list('keyword=delt')).items.map((t) => t.code)).to.deep.equal(['zz_a']);
      expect((await list('keyword=zz_&status=disabled')).items.map((t) => t.code)).to.deep.equal(['zz_a']);
      // `_` is matched as itself, not as any character.
      expect((await list('keyword=z_b')).total).to.equal(1);
    });

    it('sorts by a whitelisted field and pages', async () => {
      const byName = await list('keyword=zz_&sort=name,asc&pageSize=2');
      expect(byName.items.map((t) => t.name)).to.deep.equal(['Alpha', 'Charlie']);
      expect((await list('keyword=zz_&sort=code,desc&pageSize=2&page=2')).items.map((t) => t.code)).to.deep.equal(['zz_a']);
    });

    it('answers 400 naming the parameter for a sort off the whitelist or a page size over 200', async () => {
      detailFor(expectError(await api.call('get', '/dictionaries?sort=status,asc'), 400, 'VALIDATION_FAILED_400'), '/query/sort');
      detailFor(expectError(await api.call('get', '/dictionaries?pageSize=201'), 400, 'VALIDATION_FAILED_400'), '/query/pageSize');
    });
  });

  describe('access', () => {
    const id = '0190f5a4-7c2e-7000-8000-000000000000';
    type Route = ['get' | 'post' | 'put' | 'delete', string, string, object?];
    const routes: Route[] = [
      ['get', '/dictionaries', 'system:dict:list'],
      ['get', `/dictionaries/${id}`, 'system:dict:query'],
      ['post', '/dictionaries', 'system:dict:add', { code: 'access', name: 'Access' }],
      ['put', `/dictionaries/${id}`, 'system:dict:edit', { name: 'x', version: 1 }],
      ['delete', `/dictionaries/${id}`, 'system:dict:remove'],
      ['get', `/dictionaries/sys_user_sex/items/${id}`, 'system:dict:query'],
      ['post', '/dictionaries/sys_user_sex/items', 'system:dict:add', { value: 'x', label: 'X' }],
      ['put', `/dictionaries/sys_user_sex/items/${id}`, 'system:dict:edit', { label: 'x', version: 1 }],
      ['delete', `/dictionaries/sys_user_sex/items/${id}`, 'system:dict:remove'],
    ];

    it('answers 401 AUTH_TOKEN_MISSING_401 without a token on every route', async () => {
      for (const [method, path, , body] of routes) expectError(await api.call(method, path, body, null), 401, 'AUTH_TOKEN_MISSING_401');
    });

    it('answers 403 PERM_DENIED_403 to a caller holding every permission but the route’s', async () => {
      const all = [...new Set(routes.map(([, , permission]) => permission))];
      for (const [method, path, permission, body] of routes) {
        expectError(
          await api.call(
            method,
            path,
            body,
            tokenFor(
              'almost',
              all.filter((p) => p !== permission),
            ),
          ),
          403,
          'PERM_DENIED_403',
        );
      }
    });
  });
});
