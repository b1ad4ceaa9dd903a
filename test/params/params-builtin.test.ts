import path from 'node:path';
import { expect } from 'chai';
import type { Test } from 'supertest';
import { detailFor, eventually, expectError, expectSuccess } from '../http/helpers';
import { startInstances, type Instances } from '../support/instances';
import { createTestDatabase } from '../support/database';
import { ADMIN, startTestServer, tokenFor, type TestServer } from '../support/server';

const probe = (name: string) => path.join(__dirname, 'fixtures', name);

interface ParamBody {
  id: string;
  key: string;
  value: string;
  name: string;
  builtin: boolean;
  remark: string | null;
  version: number;
}

const PROBE_READER = tokenFor('probe', ['params-probe:param:read', 'params-late-probe:param:read']);

describe('params: built-in params', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ modulePaths: [probe('params-probe')], captureLogs: true });
  });
  after(() => server?.stop());

  const byKey = async (key: string) => expectSuccess(await server.http().get(`/api/v1/params/by-key/${key}`).set('Authorization', ADMIN)).data as ParamBody;
  const update = (param: ParamBody, body: object): Test =>
    server
      .http()
      .put(`/api/v1/params/${param.id}`)
      .set('Authorization', ADMIN)
      .send({ version: param.version, ...body });
  const probeValues = async () => expectSuccess(await server.http().get('/api/v1/params-probe/values').set('Authorization', PROBE_READER)).data;

  it('creates at start every built-in param the modules declare, with its default, its name and builtin true', async () => {
    const res = await server.http().get('/api/v1/params?builtin=true&pageSize=200').set('Authorization', ADMIN);
    const builtins = new Map((expectSuccess(res).data as { items: ParamBody[] }).items.map((p) => [p.key, p]));
    const values = Object.fromEntries([...builtins].map(([key, p]) => [key, p.value]));
    expect(values).to.include({
      'auth.login.maxFailures': '5',
      'auth.login.windowSeconds': '600',
      'auth.accessToken.ttlSeconds': '900',
      'auth.refreshToken.ttlSeconds': '604800',
      'users.password.minLength': '8',
      'params-probe.retries': '3',
      'params-probe.greeting': 'hello',
      'params-probe.enabled': 'true',
    });
    expect(builtins.get('params-probe.retries')).to.include({ name: 'Retries', remark: 'How often the probe tries again.', builtin: true, version: 1 });
    expect(builtins.get('params-probe.enabled')).to.include({ remark: null });
  });

  it('answers typed values through params.Params', async () => {
    expect(await probeValues()).to.deep.equal({ retries: 3, greeting: 'hello', enabled: true });
  });

  it('answers 409 SYSTEM_PARAM_BUILTIN_409 to deleting a built-in param, which stays', async () => {
    const param = await byKey('auth.login.maxFailures');
    const refused = expectError(await server.http().delete(`/api/v1/params/${param.id}`).set('Authorization', ADMIN), 409, 'SYSTEM_PARAM_BUILTIN_409');
    detailFor(refused, '/params/id');
    expect(await byKey('auth.login.maxFailures')).to.deep.equal(param);
  });

  it('answers 400 VALIDATION_FAILED_400 naming /body/value to auth.login.maxFailures = -3, and keeps the value', async () => {
    const param = await byKey('auth.login.maxFailures');
    const refused = expectError(await update(param, { value: '-3' }), 400, 'VALIDATION_FAILED_400');
    expect(detailFor(refused, '/body/value')).to.include({ rule: 'minimum' });
    expect(await byKey('auth.login.maxFailures')).to.deep.equal(param);
  });

  it('refuses an integer that is out of range or not written as a whole number', async () => {
    const param = await byKey('auth.login.maxFailures');
    const rules: Record<string, string> = {
      '0': 'minimum',
      '1001': 'maximum',
      five: 'integer',
      '5.0': 'integer',
      ' 5': 'integer',
      '': 'integer',
      '1e3': 'integer',
    };
    for (const [value, rule] of Object.entries(rules)) {
      expect(detailFor(expectError(await update(param, { value }), 400, 'VALIDATION_FAILED_400'), '/body/value').rule, JSON.stringify(value)).to.equal(rule);
    }
  });

  it('refuses a boolean other than "true" or "false", and a string outside its length or pattern', async () => {
    const enabled = await byKey('params-probe.enabled');
    for (const value of ['TRUE', 'yes', '1', ''])
      expect(detailFor(expectError(await update(enabled, { value }), 400, 'VALIDATION_FAILED_400'), '/body/value').rule).to.equal('boolean');
    const greeting = await byKey('params-probe.greeting');
    const rules: Record<string, string> = { h: 'minLength', hellohellohello: 'maxLength', 'Hello!': 'pattern', 'hi there': 'pattern' };
    for (const [value, rule] of Object.entries(rules)) {
      expect(detailFor(expectError(await update(greeting, { value }), 400, 'VALIDATION_FAILED_400'), '/body/value').rule).to.equal(rule);
    }
  });

  it('takes a value that fits, and params.Params answers it from the next read on', async () => {
    expect(await probeValues()).to.deep.equal({ retries: 3, greeting: 'hello', enabled: true });
    expectSuccess(await update(await byKey('params-probe.retries'), { value: '10' }));
    expectSuccess(await update(await byKey('params-probe.greeting'), { value: 'bonjour' }));
    expectSuccess(await update(await byKey('params-probe.enabled'), { value: 'false' }));
    expect(await probeValues()).to.deep.equal({ retries: 10, greeting: 'bonjour', enabled: false });
  });

  it('answers 409 SYSTEM_PARAM_BUILTIN_409 to changing a built-in param’s key or name, but takes its remark, and its own key and name sent back', async () => {
    const param = await byKey('params-probe.retries');
    detailFor(expectError(await update(param, { key: 'params-probe.tries' }), 409, 'SYSTEM_PARAM_BUILTIN_409'), '/body/key');
    detailFor(expectError(await update(param, { key: 'PARAMS-PROBE.RETRIES' }), 409, 'SYSTEM_PARAM_BUILTIN_409'), '/body/key');
    detailFor(expectError(await update(param, { name: 'Attempts' }), 409, 'SYSTEM_PARAM_BUILTIN_409'), '/body/name');
    const changed = expectSuccess(await update(param, { key: param.key, name: param.name, value: '4', remark: 'Four is plenty' })).data;
    expect(changed).to.include({
      key: 'params-probe.retries',
      name: 'Retries',
      value: '4',
      remark: 'Four is plenty',
      builtin: true,
      version: param.version + 1,
    });
  });

  describe('a module loaded while the server runs', () => {
    it('gets its built-in params created at once', async () => {
      await server.kernel.loadModule(probe('params-late-probe'));
      expect(await byKey('params-late-probe.limit')).to.include({ value: '7', builtin: true, name: 'Late limit' });
      expect(expectSuccess(await server.http().get('/api/v1/params-late-probe/limit').set('Authorization', PROBE_READER)).data).to.deep.equal({ limit: 7 });
    });
  });
});

describe('params: a built-in key an operator used first', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ captureLogs: true });
  });
  after(() => server?.stop());

  it('becomes built in, keeps its value, and answers the default with a warning while the value does not fit', async () => {
    const created = await server
      .http()
      .post('/api/v1/params')
      .set('Authorization', ADMIN)
      .send({ key: 'params-late-probe.limit', value: 'lots', name: 'Mine' });
    const own = expectSuccess(created, 201).data as ParamBody;
    await server.kernel.loadModule(probe('params-late-probe'));
    const adopted = expectSuccess(await server.http().get(`/api/v1/params/${own.id}`).set('Authorization', ADMIN)).data as ParamBody;
    expect(adopted).to.include({ key: 'params-late-probe.limit', value: 'lots', name: 'Late limit', builtin: true, version: own.version + 1 });

    const read = () => server.http().get('/api/v1/params-late-probe/limit').set('Authorization', PROBE_READER);
    expect(expectSuccess(await read()).data).to.deep.equal({ limit: 7 });
    const warning = await eventually(() => server.logs.find((l) => l.level === 40 && l.key === 'params-late-probe.limit'));
    expect(warning).to.include({ module: 'params', rule: 'integer' });
    expect(JSON.stringify(warning)).not.to.include('lots');

    expectError(
      await server.http().put(`/api/v1/params/${own.id}`).set('Authorization', ADMIN).send({ value: 'more', version: adopted.version }),
      400,
      'VALIDATION_FAILED_400',
    );
    expectSuccess(await server.http().put(`/api/v1/params/${own.id}`).set('Authorization', ADMIN).send({ value: '12', version: adopted.version }));
    expect(expectSuccess(await read()).data).to.deep.equal({ limit: 12 });
  });
});

describe('params: built-in params across a restart', () => {
  it('keeps the values operators set, and creates no built-in param twice', async () => {
    const database = await createTestDatabase();
    try {
      const first = await startTestServer({ database });
      const byKey = (server: TestServer) => server.http().get('/api/v1/params/by-key/auth.login.windowSeconds').set('Authorization', ADMIN);
      const param = expectSuccess(await byKey(first)).data as ParamBody;
      expectSuccess(await first.http().put(`/api/v1/params/${param.id}`).set('Authorization', ADMIN).send({ value: '120', version: param.version }));
      await first.stop();

      const second = await startTestServer({ database });
      try {
        expect(expectSuccess(await byKey(second)).data).to.include({ id: param.id, value: '120' });
        const listed = await second.http().get('/api/v1/params?keyword=auth.login.windowSeconds').set('Authorization', ADMIN);
        expect((expectSuccess(listed).data as { total: number }).total).to.equal(1);
      } finally {
        await second.stop();
      }
    } finally {
      await database.cleanup();
    }
  });
});

describe('params: built-in params a module declares wrongly', () => {
  it('stops the boot naming each malformed definition', async () => {
    const refusal = await startTestServer({ modulePaths: [probe('params-bad-probe')] }).then(
      async (server) => {
        await server.stop();
        throw new Error('the server started');
      },
      (error: Error) => error,
    );
    expect(refusal.message).to.match(/params .*start\(\) failed/);
    expect(refusal.message).to.include('built-in param "params-bad-probe.limit": default 0 does not fit: it must be at least 1');
    expect(refusal.message).to.include('built-in param "no module here": key "no module here" must look like "<module>.<name>"');
  });
});

/**
 * Two instances on one PostgreSQL, sharing Redis: a param changed on one is read on the other
 * at its next read, though it had the value cached. Needs a PostgreSQL server and Redis; skipped
 * otherwise.
 */
describe('params: a change read across two instances sharing PostgreSQL and Redis', () => {
  let instances: Instances | null = null;
  let first: TestServer;
  let second: TestServer;

  before(async function () {
    instances = await startInstances({ modulePaths: [probe('params-probe')] });
    if (!instances) this.skip();
    ({ first, second } = instances);
  });

  after(() => instances?.stop());

  it('answers on one instance, at the next read, the value set on the other', async () => {
    const values = async (server: TestServer) => expectSuccess(await server.http().get('/api/v1/params-probe/values').set('Authorization', PROBE_READER)).data;
    // The second instance now holds the value in its cache.
    expect(await values(second)).to.include({ retries: 3 });
    const param = expectSuccess(await first.http().get('/api/v1/params/by-key/params-probe.retries').set('Authorization', ADMIN)).data as ParamBody;
    expectSuccess(await first.http().put(`/api/v1/params/${param.id}`).set('Authorization', ADMIN).send({ value: '9', version: param.version }));
    expect(await values(second)).to.include({ retries: 9 });
  });
});
