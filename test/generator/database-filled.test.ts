import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { column, generated, generatedModulesDir, generatorApi, imported, itemsOf, sql, type GeneratorApi, type TableView } from './helpers';

interface Order {
  id: string;
  name: string;
  createdAt: string;
  qty: number;
  code: number;
  orderedOn: string;
  note: string | null;
}

const ORDERS = '/api/v1/g13-order';
const TAGS = '/api/v1/g13-tag';
const SHELVES = '/api/v1/g13-shelf';
const DIGITS = /^[1-9][0-9]*$/;

/**
 * The most common table shapes: a key the database numbers (bigserial, serial, identity), columns
 * with defaults, a GENERATED ALWAYS column. What the database fills is optional on create (or
 * not in the body at all), the database's value is what the module answers, and an integer key
 * is a string in the API, as every identifier is.
 */
describe('generator: columns the database fills', () => {
  let server: TestServer;
  let api: GeneratorApi;
  let orders: TableView;
  before(async () => {
    server = await startTestServer();
    api = generatorApi(server);
    await sql(
      server,
      `create table g13_order (
      id bigserial primary key,
      name text not null,
      created_at timestamptz default now(),
      qty int not null default 0,
      code int generated always as identity (start with 1000),
      ordered_on date not null default date '2026-01-02',
      note text default 'none'
    )`,
    );
    await sql(server, 'create table g13_tag (id int generated always as identity primary key, label text not null)');
    await sql(server, 'create table g13_shelf (id serial primary key, name text)');
    orders = await imported(api, 'g13_order');
    for (const name of ['g13_order', 'g13_tag', 'g13_shelf']) await generated(api, name === 'g13_order' ? orders.id : (await imported(api, name)).id);
  });
  after(() => server?.stop());

  const http = () => server.http();
  const create = (base: string, body: Record<string, unknown>) => http().post(base).set('Authorization', ADMIN).send(body);
  const read = (base: string, id: string) => http().get(`${base}/${id}`).set('Authorization', ADMIN);
  const update = (base: string, id: string, body: Record<string, unknown>) => http().put(`${base}/${id}`).set('Authorization', ADMIN).send(body);
  const remove = (base: string, id: string) => http().delete(`${base}/${id}`).set('Authorization', ADMIN);
  const add = async (body: Record<string, unknown>): Promise<Order> => expectSuccess(await create(ORDERS, body), 201).data as Order;

  it('proposes the key, a GENERATED ALWAYS column and the defaulted ones as nothing a create must send', () => {
    expect(column(orders, 'id')).to.include({ role: 'id', form: false, required: false });
    expect(column(orders, 'code')).to.include({ identity: true, readOnly: true, form: false, required: false });
    expect(column(orders, 'qty')).to.include({ readOnly: false, form: true, required: false });
    expect(column(orders, 'ordered_on')).to.include({ form: true, required: false });
    expect(column(orders, 'name')).to.include({ form: true, required: true });
  });

  it('refuses, in its own rules and pointing at the field sent, a key tsType the template would not use and a GENERATED ALWAYS column in the form', async () => {
    const current = expectSuccess(await api.read(orders.id)).data as TableView;
    const refused = async (columns: Record<string, unknown>[], field: string, rule: string) => {
      const detail = detailFor(expectError(await api.update(current.id, { version: current.version, columns }), 400, 'VALIDATION_FAILED_400'), field);
      expect(detail.rule).to.equal(rule);
      return detail;
    };
    expect(
      (
        await refused(
          [
            { columnName: 'note', label: 'Note' },
            { columnName: 'id', tsType: 'number' },
          ],
          '/body/columns/1/tsType',
          'enum',
        )
      ).message,
    ).to.include('string of digits');
    await refused([{ columnName: 'code', form: true }], '/body/columns/0/form', 'readOnly');
    // An int4 key too, which reads as a number everywhere else.
    const shelves = itemsOf<TableView>(await api.list({ keyword: 'g13_shelf' })).find((t) => t.tableName === 'g13_shelf')!;
    expect(column(expectSuccess(await api.read(shelves.id)).data as TableView, 'id')).to.include({ dbType: 'int4', tsType: 'string' });
    detailFor(
      expectError(await api.update(shelves.id, { version: shelves.version, columns: [{ columnName: 'id', tsType: 'number' }] }), 400, 'VALIDATION_FAILED_400'),
      '/body/columns/0/tsType',
    );
    expect((expectSuccess(await api.read(orders.id)).data as TableView).version).to.equal(current.version);
  });

  it('creates with only the required field: the database numbers the key and fills every default', async () => {
    const order = await add({ name: 'first' });
    expect(order.id).to.be.a('string').that.matches(DIGITS);
    expect(order).to.include({ name: 'first', qty: 0, orderedOn: '2026-01-02', note: 'none' });
    expect(order.code).to.be.at.least(1000);
    expect(order.createdAt).to.be.a('string');
    expect(expectSuccess(await read(ORDERS, order.id)).data).to.deep.equal(order);
    const [row] = await sql(server, `select qty, note, code from g13_order where id = ${order.id}`);
    expect(row).to.deep.equal({ qty: 0, note: 'none', code: order.code });
  });

  it('takes a defaulted field when sent, null included', async () => {
    const order = await add({ name: 'second', qty: 5, orderedOn: '2026-03-04', note: null });
    expect(order).to.include({ qty: 5, orderedOn: '2026-03-04', note: null });
  });

  it('refuses a key or a GENERATED ALWAYS column in a body: 400 naming it', async () => {
    detailFor(expectError(await create(ORDERS, { name: 'x', id: '77' }), 400, 'VALIDATION_FAILED_400'), '/body/id');
    detailFor(expectError(await create(ORDERS, { name: 'x', code: 5 }), 400, 'VALIDATION_FAILED_400'), '/body/code');
    const order = await add({ name: 'third' });
    detailFor(expectError(await update(ORDERS, order.id, { code: 5 }), 400, 'VALIDATION_FAILED_400'), '/body/code');
  });

  it('lists, updates and deletes by the string key', async () => {
    const order = await add({ name: 'fourth' });
    const items = itemsOf<Order>(await http().get(ORDERS).query({ name: 'fourth' }).set('Authorization', ADMIN));
    expect(items).to.deep.equal([order]);
    const changed = expectSuccess(await update(ORDERS, order.id, { qty: 9, note: 'changed' })).data as Order;
    expect(changed).to.deep.equal({ ...order, qty: 9, note: 'changed' });
    expectSuccess(await remove(ORDERS, order.id));
    detailFor(expectError(await read(ORDERS, order.id), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
  });

  it('shows neither the key nor the GENERATED ALWAYS column in the create body of the catalog', async () => {
    type Body = { properties: Record<string, unknown>; required?: string[] };
    const doc = JSON.parse((await http().get('/v3/api-docs').set('Authorization', ADMIN)).text) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { $ref: string } }> } }>>;
      components: { schemas: Record<string, Body> };
    };
    // The create body is a named schema: the operation refers to its component.
    const body = doc.components.schemas[doc.paths[ORDERS].post.requestBody.content['application/json'].schema.$ref.split('/').pop()!];
    expect(Object.keys(body.properties).sort()).to.deep.equal(['name', 'note', 'orderedOn', 'qty']);
    expect(body.required).to.deep.equal(['name']);
  });

  it('says so in the module’s README: the key a string of digits, the GENERATED ALWAYS column written by the database', () => {
    const readme = fs.readFileSync(path.join(generatedModulesDir(server), 'g13-order', 'README.md'), 'utf8');
    expect(readme).to.match(/\| `id` \| id \| int8, as a string of digits \|.*\| generated \|/);
    expect(readme).to.match(/\| `code` \| code \| int4 \|.*\| written by the database \| not sent \|/);
  });

  it('serves an identity key and a serial key as strings, through every route', async () => {
    for (const [base, body] of [
      [TAGS, { label: 'red' }],
      [SHELVES, { name: 'top' }],
    ] as const) {
      const created = expectSuccess(await create(base, body), 201).data as { id: string };
      expect(created.id).to.be.a('string').that.matches(DIGITS);
      expect(expectSuccess(await read(base, created.id)).data).to.deep.equal(created);
      expect(itemsOf<{ id: string }>(await http().get(base).set('Authorization', ADMIN)).map((r) => r.id)).to.deep.equal([created.id]);
      expectSuccess(await update(base, created.id, body));
      expectSuccess(await remove(base, created.id));
    }
  });

  it('answers 400, not a database error, for a key beyond the column’s range', async () => {
    detailFor(expectError(await read(TAGS, '2147483648'), 400, 'VALIDATION_FAILED_400'), '/params/id');
    detailFor(expectError(await read(ORDERS, '9223372036854775808'), 400, 'VALIDATION_FAILED_400'), '/params/id');
    detailFor(expectError(await read(TAGS, '2147483647'), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404'), '/params/id');
  });
});
