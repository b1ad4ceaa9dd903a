import { expect } from 'chai';
import { DEFAULT_TENANT_ID, ValueLabelSpi, runInTenant } from '../../kernel/api';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { startTestServer, tokenFor, type TestServer } from '../support/server';
import { BUILTIN_PROBE, DictionariesClient, PROBE, type ItemBody, type PageBody, type TypeBody } from './helpers';

/** The built-in dictionaries of the built-in modules, as declared in each module's *-dictionaries.ts. */
const BUILTINS: Record<string, string[]> = {
  sys_user_status: ['active', 'disabled'],
  sys_user_gender: ['male', 'female', 'unknown'],
  sys_yes_no: ['true', 'false'],
  sys_normal_disable: ['active', 'disabled'],
  task_state: ['pending', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled'],
  notice_type: ['notice', 'announcement'],
  notice_status: ['draft', 'published', 'withdrawn'],
  probe_level: ['low', 'mid', 'high'],
};

describe('dictionaries: built-in dictionaries', () => {
  let server: TestServer;
  const api = new DictionariesClient(() => server);
  before(async () => {
    server = await startTestServer({ modulePaths: [BUILTIN_PROBE, PROBE] });
  });
  after(() => server?.stop());

  const builtins = async () => (expectSuccess(await api.call('get', '/dictionaries?builtin=true&pageSize=200')).data as PageBody<TypeBody>).items;
  const typeOf = async (code: string) => (await builtins()).find((type) => type.code === code)!;
  const itemsIn = async (code: string, language: string, query = '') =>
    (expectSuccess(await api.call('get', `/dictionaries/${code}/items${query}`).set('Accept-Language', language)).data as PageBody<ItemBody>).items;

  it('creates at start every dictionary the enabled modules declare, built in, with its names in English and Chinese', async () => {
    const types = await builtins();
    expect(types.map((type) => type.code).sort()).to.deep.equal(Object.keys(BUILTINS).sort());
    expect(await typeOf('task_state')).to.include({ name: 'Task state', status: 'active', builtin: true, inherited: false });
    expect((await typeOf('task_state')).names).to.deep.equal({ en: 'Task state', zh: '任务状态' });
    const others = (expectSuccess(await api.call('get', '/dictionaries?builtin=false&pageSize=200')).data as PageBody<TypeBody>).items;
    expect(others.map((type) => type.code)).to.not.include('task_state');
  });

  it('holds each built-in dictionary to exactly the values its module stores, in the declared order, labelled in both languages', async () => {
    for (const [code, values] of Object.entries(BUILTINS)) {
      const items = await itemsIn(code, 'en');
      expect(
        items.map((item) => item.value),
        code,
      ).to.deep.equal(values);
      for (const item of items) expect(Object.keys(item.labels).sort(), `${code} ${item.value}`).to.deep.equal(['en', 'zh']);
    }
    const level = await itemsIn('probe_level', 'en');
    expect(level.map(({ value, label, labels, sort, isDefault }) => ({ value, label, labels, sort, isDefault }))).to.deep.equal([
      { value: 'low', label: 'Low', labels: { en: 'Low', zh: '低' }, sort: 10, isDefault: false },
      { value: 'mid', label: 'Middle', labels: { en: 'Middle', zh: '中' }, sort: 15, isDefault: true },
      { value: 'high', label: 'High', labels: { en: 'High', zh: '高' }, sort: 30, isDefault: false },
    ]);
  });

  it('answers the items list in the caller’s language as displayLabel, and keeps label as stored', async () => {
    const zh = await itemsIn('sys_user_status', 'zh-CN,zh;q=0.9');
    expect(zh.map(({ value, label, displayLabel }) => ({ value, label, displayLabel }))).to.deep.equal([
      { value: 'active', label: 'Enabled', displayLabel: '启用' },
      { value: 'disabled', label: 'Disabled', displayLabel: '停用' },
    ]);
    expect((await itemsIn('sys_user_status', 'en')).map((item) => item.displayLabel)).to.deep.equal(['Enabled', 'Disabled']);
    expect((await itemsIn('sys_user_status', 'fr')).map((item) => item.displayLabel)).to.deep.equal(['Enabled', 'Disabled']);
    // A keyword finds an item by its label in any language; sorting by label sorts what the caller sees.
    expect((await itemsIn('notice_status', 'zh', '?keyword=撤回')).map((item) => item.value)).to.deep.equal(['withdrawn']);
    expect((await itemsIn('probe_level', 'en', '?sort=label,asc')).map((item) => item.displayLabel)).to.deep.equal(['High', 'Low', 'Middle']);
  });

  it('shows the stored label in a language an item has no label in, and takes labels per language on create and update, trimmed', async () => {
    await api.addType('shade');
    const plain = await api.addItem('shade', 'dark', { label: 'Dark' });
    expect((await itemsIn('shade', 'zh'))[0]).to.include({ label: 'Dark', displayLabel: 'Dark' });
    const changed = expectSuccess(await api.call('put', `/dictionaries/shade/items/${plain.id}`, { labels: { zh: ' 深 ' }, version: plain.version }))
      .data as ItemBody;
    expect(changed).to.include({ label: 'Dark' });
    expect(changed.labels).to.deep.equal({ zh: '深' });
    expect((await itemsIn('shade', 'zh'))[0]).to.include({ label: 'Dark', displayLabel: '深' });
    const refused = expectError(
      await api.call('post', '/dictionaries/shade/items', { value: 'x', label: 'X', labels: { fr: 'X' } }),
      400,
      'VALIDATION_FAILED_400',
    );
    detailFor(refused, '/body/labels/fr');
  });

  it('answers 409 SYSTEM_DICT_BUILTIN_409 to deleting a built-in dictionary, which stays, a code catalogued in English and Chinese', async () => {
    const type = await typeOf('notice_type');
    detailFor(expectError(await api.call('delete', `/dictionaries/${type.id}`), 409, 'SYSTEM_DICT_BUILTIN_409'), '/params/id');
    expect(expectSuccess(await api.call('get', `/dictionaries/${type.id}`)).data).to.deep.equal(type);
    const catalogue = expectSuccess(await api.call('get', '/system/error-codes?owner=dictionaries&pageSize=200')).data as {
      items: { code: string; messages: { en: string; zh: string } }[];
    };
    const entry = catalogue.items.find((item) => item.code === 'SYSTEM_DICT_BUILTIN_409')!;
    expect(entry.messages.en).to.match(/built in/);
    expect(entry.messages.zh).to.match(/内置/);
  });

  it('keeps a built-in dictionary’s code and names, but takes its status and remark', async () => {
    const type = await typeOf('notice_status');
    const put = (body: object) => api.call('put', `/dictionaries/${type.id}`, { version: type.version, ...body });
    detailFor(expectError(await put({ code: 'notice_state' }), 409, 'SYSTEM_DICT_BUILTIN_409'), '/body/code');
    detailFor(expectError(await put({ name: 'States' }), 409, 'SYSTEM_DICT_BUILTIN_409'), '/body/name');
    detailFor(expectError(await put({ names: { zh: '状态' } }), 409, 'SYSTEM_DICT_BUILTIN_409'), '/body/names');
    const changed = expectSuccess(await put({ code: type.code, name: type.name, remark: 'Ours' })).data as TypeBody;
    expect(changed).to.include({ code: 'notice_status', name: 'Notice status', remark: 'Ours', builtin: true });
  });

  it('keeps the values its module stores: their items are disabled, not deleted or given another value; an operator’s own item goes', async () => {
    const [draft] = await itemsIn('notice_status', 'en');
    detailFor(expectError(await api.call('delete', `/dictionaries/notice_status/items/${draft.id}`), 409, 'SYSTEM_DICT_BUILTIN_409'), '/params/id');
    const put = (body: object) => api.call('put', `/dictionaries/notice_status/items/${draft.id}`, { version: draft.version, ...body });
    detailFor(expectError(await put({ value: 'drafted' }), 409, 'SYSTEM_DICT_BUILTIN_409'), '/body/value');
    expect(expectSuccess(await put({ status: 'disabled' })).data).to.include({ value: 'draft', status: 'disabled' });
    const own = await api.addItem('notice_status', 'archived');
    expectSuccess(await api.call('delete', `/dictionaries/notice_status/items/${own.id}`));
  });

  it('answers value → label in a language through kernel.value-labels, for the caller’s tenant', async () => {
    const [source] = server.kernel.registry.contributions(ValueLabelSpi);
    const labels = (code: string, language: 'en' | 'zh') => runInTenant(DEFAULT_TENANT_ID, () => source.labelsOf(code, language));
    expect(Object.fromEntries(await labels('task_state', 'zh'))).to.include({ pending: '待运行', succeeded: '已成功', cancelled: '已取消' });
    expect(Object.fromEntries(await labels('SYS_YES_NO', 'en'))).to.deep.equal({ true: 'Yes', false: 'No' });
    expect((await labels('no_such_list', 'en')).size).to.equal(0);
  });

  describe('in a tenant', () => {
    let tenantId: string;
    let chief: string;
    before(async () => {
      const tenant = expectSuccess(
        await api.call('post', '/tenants', { code: 'builtin-t', name: 'Builtin T', admin: { username: 'chief', password: 'builtin-passphrase-1' } }),
        201,
      ).data as { id: string };
      tenantId = tenant.id;
      chief = tokenFor('chief', ['*:*:*'], { tenantId });
    });
    const tenantItems = async (code: string) =>
      (expectSuccess(await api.call('get', `/dictionaries/${code}/items`, undefined, chief).set('Accept-Language', 'zh')).data as PageBody<ItemBody>).items;

    it('reads the platform’s built-ins, inherited, and cannot delete them (404, as any platform dictionary)', async () => {
      const listed = (expectSuccess(await api.call('get', '/dictionaries?builtin=true&pageSize=200', undefined, chief)).data as PageBody<TypeBody>).items;
      const yesNo = listed.find((type) => type.code === 'sys_yes_no')!;
      expect(yesNo).to.include({ builtin: true, inherited: true });
      expect((await tenantItems('sys_yes_no')).map((item) => item.displayLabel)).to.deep.equal(['是', '否']);
      expectError(await api.call('delete', `/dictionaries/${yesNo.id}`, undefined, chief), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    });

    it('replaces a built-in with its own dictionary of the code, which is its own to change and delete, also through kernel.value-labels', async () => {
      const own = expectSuccess(await api.call('post', '/dictionaries', { code: 'sys_yes_no', name: 'Ja/Nein' }, chief), 201).data as TypeBody;
      expect(own).to.include({ builtin: false, inherited: false });
      expectSuccess(await api.call('post', '/dictionaries/sys_yes_no/items', { value: 'true', label: 'Ja', labels: { zh: '对' } }, chief), 201);
      expect((await tenantItems('sys_yes_no')).map((item) => item.displayLabel)).to.deep.equal(['对']);
      const [source] = server.kernel.registry.contributions(ValueLabelSpi);
      expect(Object.fromEntries(await runInTenant(tenantId, () => source.labelsOf('sys_yes_no', 'en')))).to.deep.equal({ true: 'Ja' });
      expect(Object.fromEntries(await runInTenant(DEFAULT_TENANT_ID, () => source.labelsOf('sys_yes_no', 'en')))).to.deep.equal({ true: 'Yes', false: 'No' });
      expectSuccess(await api.call('delete', `/dictionaries/${own.id}`, undefined, chief));
      expect((await tenantItems('sys_yes_no')).map((item) => item.displayLabel)).to.deep.equal(['是', '否']);
    });
  });

  it('answers items and labels through dictionaries.Dictionaries in the language asked for, else as stored', async () => {
    const probe = (path: string) => api.call('get', `/dictionaries-probe/${path}`, undefined, tokenFor('probe', ['dictionaries-probe:dict:read']));
    const values = async (query: string) => (expectSuccess(await probe(`notice_type/items${query}`)).data as { items: { label: string }[] }).items;
    expect((await values('?language=zh')).map((item) => item.label)).to.deep.equal(['通知', '公告']);
    expect((await values('')).map((item) => item.label)).to.deep.equal(['Notice', 'Announcement']);
    expect(expectSuccess(await probe('notice_type/label/announcement?language=zh')).data).to.deep.equal({ label: '公告' });
  });
});
