import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { detailFor, expectError, expectSuccess } from '../http/helpers';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { filesUnder, generated, generatedModulesDir, generatorApi, imported, leftovers, sql, updated, type GeneratorApi, type TableView } from './helpers';

/**
 * Generating again after the configuration changed what the running module is: its class (the
 * entity the ORM maps the table to) or its id (the module that owns the table). Each is a
 * catalogued 409 that says what to do, and leaves the running module, its folder and the
 * configuration as they were.
 */
describe('generator: generating again under another name', () => {
  let server: TestServer;
  let api: GeneratorApi;
  let room: TableView;
  before(async () => {
    server = await startTestServer();
    api = generatorApi(server);
    await sql(server, 'create table g13_room (id serial primary key, name text not null)');
    room = await imported(api, 'g13_room');
    room = (await generated(api, room.id)).table;
  });
  after(() => server?.stop());

  const moduleDir = () => path.join(generatedModulesDir(server), 'g13-room');
  const snapshot = () => filesUnder(moduleDir()).map((file) => [file, fs.readFileSync(path.join(moduleDir(), file), 'utf8')]);
  const serves = async () => expectSuccess(await server.http().post('/api/v1/g13-room').set('Authorization', ADMIN).send({ name: 'still here' }), 201);

  it('answers 409 GENERATOR_CLASS_NAME_CHANGED_409 for a new class name, naming the running one, and changes nothing', async () => {
    const before = snapshot();
    room = await updated(api, room, { className: 'Chamber' });
    const refused = expectError(await api.generate(room.id), 409, 'GENERATOR_CLASS_NAME_CHANGED_409');
    expect(detailFor(refused, '/body/className').message).to.include('"G13Room"');
    expect(snapshot()).to.deep.equal(before);
    expect(leftovers(server)).to.deep.equal([]);
    await serves();
    expect((expectSuccess(await api.read(room.id)).data as TableView).generatedAt).to.equal(room.generatedAt);
  });

  it('generates again once the class name is set back', async () => {
    room = await updated(api, room, { className: 'G13Room' });
    const again = await generated(api, room.id);
    expect(again).to.include({ moduleId: 'g13-room', replaced: true });
    room = again.table;
    await serves();
  });

  it('answers 409 GENERATOR_TABLE_OWNED_409 for a new module id, naming the module that owns the table, and changes nothing', async () => {
    const before = snapshot();
    room = await updated(api, room, { moduleId: 'g13-chamber', className: 'Chamber' });
    const refused = expectError(await api.generate(room.id), 409, 'GENERATOR_TABLE_OWNED_409');
    expect(detailFor(refused, '/params/id').message).to.include('module "g13-room"');
    expect(snapshot()).to.deep.equal(before);
    expect(fs.existsSync(path.join(generatedModulesDir(server), 'g13-chamber'))).to.equal(false);
    expect(leftovers(server)).to.deep.equal([]);
    await serves();
  });

  it('has both codes in the catalogue, in English and Chinese', async () => {
    const res = await server.http().get('/api/v1/system/error-codes').query({ owner: 'generator', pageSize: 200 }).set('Authorization', ADMIN);
    const codes = (expectSuccess(res).data as { items: { code: string; status: number; messages: { en: string; zh: string } }[] }).items;
    for (const code of ['GENERATOR_CLASS_NAME_CHANGED_409', 'GENERATOR_TABLE_OWNED_409']) {
      const entry = codes.find((c) => c.code === code);
      expect(entry, code).to.include({ status: 409 });
      expect(entry!.messages.en).to.be.a('string').that.is.not.empty;
      expect(entry!.messages.zh).to.be.a('string').that.is.not.empty;
    }
  });
});
