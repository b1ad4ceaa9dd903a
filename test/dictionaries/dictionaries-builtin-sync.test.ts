import { expect } from 'chai';
import { expectSuccess } from '../http/helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { BAD_PROBE, BUILTIN_PROBE, DictionariesClient, LATE_PROBE, type ItemBody, type PageBody, type TypeBody } from './helpers';

type Client = DictionariesClient;

const items = async (api: Client, code: string) => (expectSuccess(await api.call('get', `/dictionaries/${code}/items`)).data as PageBody<ItemBody>).items;
const typeOf = async (api: Client, code: string) =>
  (expectSuccess(await api.call('get', `/dictionaries?keyword=${code}&pageSize=200`)).data as PageBody<TypeBody>).items.find((type) => type.code === code);
/** What an operator may change of an item, and what the sync must leave as they left it. */
const operatorFields = (list: ItemBody[]) =>
  list.map(({ value, label, labels, sort, status, isDefault }) => ({ value, label, labels, sort, status, isDefault }));

/** An operator's changes to built-in items: a relabel in both languages, a new order, a retired value and a new default. */
async function editAsOperator(api: Client): Promise<void> {
  const [low, mid, high] = await items(api, 'probe_level');
  const put = (item: ItemBody, body: object) => api.call('put', `/dictionaries/probe_level/items/${item.id}`, { version: item.version, ...body });
  expectSuccess(await put(low, { label: 'Lowest', labels: { en: 'Lowest', zh: '最低' }, sort: 40 }));
  expectSuccess(await put(mid, { status: 'disabled', isDefault: false }));
  expectSuccess(await put(high, { isDefault: true }));
}

describe('dictionaries: the built-in sync keeps operators’ edits', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database?.cleanup());

  it('leaves items an operator edited as they are across a restart, and creates nothing twice', async () => {
    const first = await startTestServer({ database, modulePaths: [BUILTIN_PROBE] });
    let edited: ReturnType<typeof operatorFields>;
    let dictionaries: number;
    try {
      const api = new DictionariesClient(() => first);
      await editAsOperator(api);
      edited = operatorFields(await items(api, 'probe_level'));
      dictionaries = (expectSuccess(await api.call('get', '/dictionaries?pageSize=1')).data as PageBody<TypeBody>).total;
    } finally {
      await first.stop();
    }
    const again = await startTestServer({ database, modulePaths: [BUILTIN_PROBE] });
    try {
      const api = new DictionariesClient(() => again);
      expect(operatorFields(await items(api, 'probe_level'))).to.deep.equal(edited);
      expect(edited.find((item) => item.value === 'low')).to.include({ label: 'Lowest', sort: 40 });
      expect((expectSuccess(await api.call('get', '/dictionaries?pageSize=1')).data as PageBody<TypeBody>).total).to.equal(dictionaries);
    } finally {
      await again.stop();
    }
  });
});

describe('dictionaries: built-ins of a module disabled and enabled, or loaded late', () => {
  let server: TestServer;
  const api = new DictionariesClient(() => server);
  before(async () => {
    server = await startTestServer({ modulePaths: [BUILTIN_PROBE] });
  });
  after(() => server?.stop());

  it('keeps a disabled module’s built-ins, still built in, and finds them with their edits when it is enabled again', async () => {
    await editAsOperator(api);
    const edited = operatorFields(await items(api, 'probe_level'));
    expectSuccess(await api.call('post', '/system/modules/dictionaries-builtin-probe/disable'));
    expect(await typeOf(api, 'probe_level')).to.include({ builtin: true });
    expect(operatorFields(await items(api, 'probe_level'))).to.deep.equal(edited);
    expectSuccess(await api.call('post', '/system/modules/dictionaries-builtin-probe/enable'));
    expect(operatorFields(await items(api, 'probe_level'))).to.deep.equal(edited);
  });

  it('adopts a platform dictionary an operator made first with a declared code: built in, its names, its items kept, the missing ones added', async () => {
    await api.addType('late_level', { name: 'Mine' });
    await api.addItem('late_level', 'low', { label: 'Bottom' });
    await server.kernel.loadModule(LATE_PROBE);
    expect(await typeOf(api, 'late_level')).to.include({ builtin: true, name: 'Late level' });
    expect((await items(api, 'late_level')).map(({ value, label }) => ({ value, label }))).to.deep.equal([
      { value: 'low', label: 'Bottom' },
      { value: 'high', label: 'High' },
    ]);
  });
});

describe('dictionaries: a malformed built-in declaration', () => {
  it('stops the start, naming each declaration and what is wrong, after the well-formed ones are synced', async () => {
    const database = await createTestDatabase();
    try {
      const refusal = await startTestServer({ database, modulePaths: [BAD_PROBE] }).then(
        async (server) => {
          await server.stop();
          throw new Error('the server started');
        },
        (error: Error) => error,
      );
      expect(refusal.message).to.match(/dictionaries \(.*\): start\(\) failed: modules declare built-in dictionaries that cannot be used/);
      expect(refusal.message).to.include('built-in dictionary "bad_probe_half" of module "dictionaries-bad-probe": /items/0/labels/zh is required');
      expect(refusal.message).to.include('built-in dictionary "bad_probe_twice" of module "dictionaries-bad-probe": /items: value "a" is declared twice');
      expect(refusal.message).to.include('built-in dictionary "no spaces allowed" of module "dictionaries-bad-probe": /code must match pattern');
      expect(refusal.message).to.include('built-in dictionary "SYS_YES_NO" of module "dictionaries-bad-probe" is declared twice');
      const after = await startTestServer({ database });
      try {
        const api = new DictionariesClient(() => after);
        expect(await typeOf(api, 'bad_probe_fine')).to.include({ builtin: true });
        expect(await typeOf(api, 'bad_probe_twice')).to.equal(undefined);
      } finally {
        await after.stop();
      }
    } finally {
      await database.cleanup();
    }
  });
});
