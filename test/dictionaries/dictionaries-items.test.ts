import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { createUserAndLogin } from '../support/identity';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { DictionariesClient, type ItemBody } from './helpers';

describe('dictionaries: the items of a dictionary', () => {
  let server: TestServer;
  const api = new DictionariesClient(() => server);
  before(async () => {
    server = await startTestServer();
    await api.addType('colour');
  });
  after(() => server?.stop());

  describe('one item', () => {
    it('adds an item: 201 with id, trimmed label, value as sent, sort 0, active, not default, version 1', async () => {
      const item = expectSuccess(await api.call('post', '/dictionaries/colour/items', { value: 'r', label: ' Red ', remark: 'Warm' }), 201).data as ItemBody;
      expect(item).to.have.all.keys('id', 'label', 'labels', 'value', 'sort', 'status', 'isDefault', 'remark', 'version', 'createdAt', 'updatedAt');
      expect(item).to.include({ label: 'Red', value: 'r', sort: 0, status: 'active', isDefault: false, remark: 'Warm', version: 1 });
      expect(item.labels).to.deep.equal({});
      expect(expectSuccess(await api.call('get', `/dictionaries/colour/items/${item.id}`)).data).to.deep.equal(item);
      expect(expectSuccess(await api.call('get', `/dictionaries/COLOUR/items/${item.id}`)).data).to.deep.equal(item);
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an unknown dictionary, and for an item of another dictionary', async () => {
      detailFor(
        expectError(await api.call('post', '/dictionaries/no_such/items', { value: '1', label: 'One' }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'),
        '/params/code',
      );
      await api.addType('shape');
      const circle = await api.addItem('shape', 'circle');
      expectError(await api.call('get', `/dictionaries/colour/items/${circle.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.call('put', `/dictionaries/colour/items/${circle.id}`, { label: 'Moved', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectError(await api.call('delete', `/dictionaries/colour/items/${circle.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
      expectSuccess(await api.call('get', `/dictionaries/shape/items/${circle.id}`));
    });

    it('changes only the fields sent, and moves the version on', async () => {
      const item = await api.addItem('colour', 'g', { remark: 'kept' });
      const changed = expectSuccess(
        await api.call('put', `/dictionaries/colour/items/${item.id}`, { label: 'Green', sort: 5, isDefault: true, version: 1 }),
      ).data;
      expect(changed).to.include({ label: 'Green', value: 'g', sort: 5, isDefault: true, status: 'active', remark: 'kept', version: 2 });
    });

    it('answers 409 SYSTEM_VERSION_CONFLICT_409 to an update or a delete with a stale version', async () => {
      const item = await api.addItem('colour', 'stale');
      expectSuccess(await api.call('put', `/dictionaries/colour/items/${item.id}`, { label: 'Second', version: 1 }));
      detailFor(
        expectError(await api.call('put', `/dictionaries/colour/items/${item.id}`, { label: 'Third', version: 1 }), 409, 'SYSTEM_VERSION_CONFLICT_409'),
        '/body/version',
      );
      detailFor(expectError(await api.call('delete', `/dictionaries/colour/items/${item.id}?version=1`), 409, 'SYSTEM_VERSION_CONFLICT_409'), '/query/version');
    });

    it('deletes an item: 200 with {}, then 404', async () => {
      const item = await api.addItem('colour', 'gone');
      expect(expectSuccess(await api.call('delete', `/dictionaries/colour/items/${item.id}?version=1`)).data).to.deep.equal({});
      expectError(await api.call('get', `/dictionaries/colour/items/${item.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });
  });

  describe('values', () => {
    it('answers 409 SYSTEM_DICT_DUPLICATED_409 naming /body/value for a value the dictionary has, on create and update', async () => {
      await api.addType('size');
      await api.addItem('size', 'S');
      detailFor(
        expectError(await api.call('post', '/dictionaries/size/items', { value: 'S', label: 'Small again' }), 409, 'SYSTEM_DICT_DUPLICATED_409'),
        '/body/value',
      );
      const medium = await api.addItem('size', 'M');
      detailFor(
        expectError(await api.call('put', `/dictionaries/size/items/${medium.id}`, { value: 'S', version: 1 }), 409, 'SYSTEM_DICT_DUPLICATED_409'),
        '/body/value',
      );
    });

    it('takes the same value in another dictionary, and another case as another value', async () => {
      await api.addType('fit');
      await api.addType('cut');
      await api.addItem('fit', 'S');
      await api.addItem('cut', 'S');
      await api.addItem('fit', 's');
      expect((await api.items('fit')).items.map((i) => i.value).sort()).to.deep.equal(['S', 's']);
      expect((await api.items('cut')).items.map((i) => i.value)).to.deep.equal(['S']);
    });

    it('lets exactly one of 10 concurrent creates of one value through: one 201, nine 409', async () => {
      await api.addType('race_items');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => api.call('post', '/dictionaries/race_items/items', { value: 'same', label: `Racer ${i}` })),
      );
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      for (const lost of results.filter((r) => r.status !== 201)) expectError(lost, 409, 'SYSTEM_DICT_DUPLICATED_409');
    });

    it('answers 400 VALIDATION_FAILED_400 for a value with surrounding spaces or too long, a sort out of range, an unknown property', async () => {
      for (const value of ['', ' padded', 'padded ', 'v'.repeat(101)]) {
        detailFor(expectError(await api.call('post', '/dictionaries/colour/items', { value, label: 'Bad' }), 400, 'VALIDATION_FAILED_400'), '/body/value');
      }
      detailFor(
        expectError(await api.call('post', '/dictionaries/colour/items', { value: 'x', label: 'X', sort: -1 }), 400, 'VALIDATION_FAILED_400'),
        '/body/sort',
      );
      const refused = expectError(
        await api.call('post', '/dictionaries/colour/items', { value: 'x', label: 'X', typeId: 'colour' }),
        400,
        'VALIDATION_FAILED_400',
      );
      expect(detailFor(refused, '/body/typeId').rule).to.equal('additionalProperties');
    });
  });

  describe('the list', () => {
    before(async () => {
      await api.addType('weekday');
      await api.addItem('weekday', 'wed', { label: 'Wednesday', sort: 3 });
      await api.addItem('weekday', 'mon', { label: 'Monday', sort: 1 });
      await api.addItem('weekday', 'tue', { label: 'Tuesday', sort: 1, status: 'disabled' });
      await api.addItem('weekday', 'sun', { label: 'Sunday', sort: 10 });
    });

    it('answers { items, page, pageSize, total } ordered by sort, then label', async () => {
      const page = await api.items('weekday');
      expect(page).to.include({ page: 1, pageSize: 20, total: 4 });
      expect(page.items.map((i) => i.label)).to.deep.equal(['Monday', 'Tuesday', 'Wednesday', 'Sunday']);
    });

    it('filters by status and by part of the label or value, in any case', async () => {
      expect((await api.items('weekday', 'status=active')).items.map((i) => i.value)).to.deep.equal(['mon', 'wed', 'sun']);
      expect((await api.items('weekday', 'keyword=NESD')).items.map((i) => i.value)).to.deep.equal(['wed']);
      expect((await api.items('weekday', 'keyword=su')).items.map((i) => i.value)).to.deep.equal(['sun']);
    });

    it('sorts by a whitelisted field and pages', async () => {
      expect((await api.items('weekday', 'sort=label,desc&pageSize=2')).items.map((i) => i.label)).to.deep.equal(['Wednesday', 'Tuesday']);
      const second = await api.items('weekday', 'sort=value,asc&pageSize=3&page=2');
      expect(second).to.include({ page: 2, pageSize: 3, total: 4 });
      expect(second.items.map((i) => i.value)).to.deep.equal(['wed']);
      detailFor(expectError(await api.call('get', '/dictionaries/weekday/items?sort=isDefault,asc'), 400, 'VALIDATION_FAILED_400'), '/query/sort');
    });

    it('answers 404 SYSTEM_RESOURCE_NOT_FOUND_404 for an unknown dictionary', async () => {
      detailFor(expectError(await api.call('get', '/dictionaries/no_such/items'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/code');
    });
  });

  describe('who may read the items', () => {
    it('any logged-in caller: a real user holding no role at all', async () => {
      await api.addType('open_to_all');
      await api.addItem('open_to_all', 'yes');
      const nobody = await createUserAndLogin(server);
      expect(nobody.roleIds).to.deep.equal([]);
      expect((await api.items('open_to_all', '', nobody.tokens.bearer)).items.map((i) => i.value)).to.deep.equal(['yes']);
      expect((await api.items('open_to_all', '', tokenFor('roleless', []))).total).to.equal(1);
    });

    it('nobody without a token: 401 AUTH_TOKEN_MISSING_401', async () => {
      expectError(await api.call('get', '/dictionaries/open_to_all/items', undefined, null), 401, 'AUTH_TOKEN_MISSING_401');
      expectError(await api.call('get', '/dictionaries/open_to_all/items', undefined, 'Bearer not-a-token'), 401, 'AUTH_TOKEN_INVALID_401');
    });

    it('only with a permission for anything else about items', async () => {
      const nobody = await createUserAndLogin(server);
      const item = await api.addItem('open_to_all', 'no');
      expectError(await api.call('get', `/dictionaries/open_to_all/items/${item.id}`, undefined, nobody.tokens.bearer), 403, 'PERM_DENIED_403');
      expectError(await api.call('post', '/dictionaries/open_to_all/items', { value: 'maybe', label: 'Maybe' }, nobody.tokens.bearer), 403, 'PERM_DENIED_403');
    });
  });
});
