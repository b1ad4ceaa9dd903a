import { expect } from 'chai';
import { expectSuccess } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';
import { DictionariesClient, PROBE, type ItemBody, type TypeBody } from './helpers';

const READER = tokenFor('reader', ['dictionaries-probe:dict:read']);

/** What `dictionaries.Dictionaries` answers, through the probe module's routes. */
async function publicItems(server: TestServer, code: string): Promise<unknown[]> {
  return (expectSuccess(await server.http().get(`/api/v1/dictionaries-probe/${code}/items`).set('Authorization', READER)).data as { items: unknown[] }).items;
}

async function publicLabel(server: TestServer, code: string, value: string): Promise<string | null> {
  return (
    expectSuccess(await server.http().get(`/api/v1/dictionaries-probe/${code}/label/${value}`).set('Authorization', READER)).data as { label: string | null }
  ).label;
}

const labels = (page: { items: ItemBody[] }) => page.items.map((i) => i.label);

describe('dictionaries: the item cache', () => {
  let server: TestServer;
  const api = new DictionariesClient(() => server);
  before(async () => {
    server = await startTestServer({ modulePaths: [PROBE] });
  });
  after(() => server?.stop());

  it('answers a changed item at the next read, on the route and through dictionaries.Dictionaries', async () => {
    await api.addType('status');
    const item = await api.addItem('status', 'on', { label: 'On' });
    expect(labels(await api.items('status'))).to.deep.equal(['On']);
    expect(await publicItems(server, 'status')).to.deep.equal([{ value: 'on', label: 'On', sort: 0, isDefault: false }]);
    expectSuccess(await api.call('put', `/dictionaries/status/items/${item.id}`, { label: 'Switched on', version: 1 }));
    expect(labels(await api.items('status'))).to.deep.equal(['Switched on']);
    expect(await publicLabel(server, 'status', 'on')).to.equal('Switched on');
  });

  it('answers added and deleted items at the next read', async () => {
    await api.addType('level');
    expect((await api.items('level')).total).to.equal(0);
    const low = await api.addItem('level', 'low', { label: 'Low' });
    expect(labels(await api.items('level'))).to.deep.equal(['Low']);
    expectSuccess(await api.call('delete', `/dictionaries/level/items/${low.id}`));
    expect((await api.items('level')).total).to.equal(0);
    expect(await publicItems(server, 'level')).to.deep.equal([]);
  });

  it('answers a dictionary created after its code was read as unknown', async () => {
    expect(await publicItems(server, 'late_comer')).to.deep.equal([]);
    expect(await publicLabel(server, 'late_comer', 'x')).to.equal(null);
    await api.addType('late_comer');
    await api.addItem('late_comer', 'x', { label: 'Ex' });
    expect(await publicLabel(server, 'late_comer', 'x')).to.equal('Ex');
  });

  it('follows a dictionary’s new code, its status and its deletion', async () => {
    const type = await api.addType('old_code');
    await api.addItem('old_code', '1', { label: 'One' });
    expect(await publicItems(server, 'old_code')).to.have.length(1);
    const recoded = expectSuccess(await api.call('put', `/dictionaries/${type.id}`, { code: 'new_code', version: 1 })).data as TypeBody;
    expect(await publicItems(server, 'old_code')).to.deep.equal([]);
    expect(await publicItems(server, 'NEW_CODE')).to.have.length(1);
    expectSuccess(await api.call('put', `/dictionaries/${type.id}`, { status: 'disabled', version: recoded.version }));
    expect(await publicItems(server, 'new_code')).to.deep.equal([]);
    // A retired dictionary's values keep their labels.
    expect(await publicLabel(server, 'new_code', '1')).to.equal('One');
    expectSuccess(await api.call('delete', `/dictionaries/${type.id}`));
    expect(await publicLabel(server, 'new_code', '1')).to.equal(null);
  });

  it('gives modules the active items, ordered by sort then label, with the labels of retired ones', async () => {
    await api.addType('priority');
    await api.addItem('priority', 'high', { label: 'High', sort: 1 });
    await api.addItem('priority', 'low', { label: 'Low', sort: 2, isDefault: true });
    await api.addItem('priority', 'urgent', { label: 'Urgent', sort: 0, status: 'disabled' });
    await api.addItem('priority', 'critical', { label: 'Critical', sort: 1 });
    expect(await publicItems(server, 'PRIORITY')).to.deep.equal([
      { value: 'critical', label: 'Critical', sort: 1, isDefault: false },
      { value: 'high', label: 'High', sort: 1, isDefault: false },
      { value: 'low', label: 'Low', sort: 2, isDefault: true },
    ]);
    expect(await publicLabel(server, 'priority', 'urgent')).to.equal('Urgent');
    expect(await publicLabel(server, 'priority', 'none')).to.equal(null);
  });
});

/**
 * Two instances on one PostgreSQL, sharing Redis: a change made on one is answered by the other
 * at its next read, though it had the dictionary cached. Needs a PostgreSQL server (the embedded
 * database belongs to one process) and Redis; skipped otherwise.
 */
describe('dictionaries: the item cache across two instances sharing PostgreSQL and Redis', () => {
  let instances: Instances | null = null;
  let first: TestServer;
  let second: TestServer;

  before(async function () {
    instances = await startInstances({ modulePaths: [PROBE] });
    if (!instances) this.skip();
    ({ first, second } = instances);
  });

  after(() => instances?.stop());

  it('answers on one instance, at the next read, an item changed on the other', async () => {
    const onFirst = new DictionariesClient(() => first);
    const onSecond = new DictionariesClient(() => second);
    await onFirst.addType('shared');
    const item = await onFirst.addItem('shared', 'a', { label: 'Before' });
    // The second instance now holds the dictionary in its cache.
    expect(labels(await onSecond.items('shared'))).to.deep.equal(['Before']);
    expect(await publicLabel(second, 'shared', 'a')).to.equal('Before');
    expectSuccess(await first.http().put(`/api/v1/dictionaries/shared/items/${item.id}`).set('Authorization', ADMIN).send({ label: 'After', version: 1 }));
    expect(labels(await onSecond.items('shared'))).to.deep.equal(['After']);
    expect(await publicLabel(second, 'shared', 'a')).to.equal('After');
  });
});
