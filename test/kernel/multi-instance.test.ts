import { expect } from 'chai';
import { startInstances, type InstanceLink, type Instances } from '../support/instances';
import { ADMIN, fixture, type TestServer } from '../support/server';

/**
 * Two instances on one PostgreSQL, sharing Redis or, without Redis, hearing each other through
 * the database's LISTEN/NOTIFY: a module state change made through one is followed by the other
 * at once. Needs a PostgreSQL server (the embedded database belongs to one process): it runs in
 * CI's second pass.
 */
for (const link of ['redis', 'database'] satisfies InstanceLink[])
  describe(`several instances sharing PostgreSQL, linked by ${link}`, function () {
    let instances: Instances | null = null;
    let first: TestServer;
    let second: TestServer;

    before(async function () {
      instances = await startInstances({ modulePaths: [fixture('greeter')], link });
      if (!instances) this.skip();
      ({ first, second } = instances);
    });

    after(() => instances?.stop());

    const greet = (server: TestServer) => server.http().get('/api/v1/greeter/hello?name=ada').set('Authorization', ADMIN);

    it('stops serving a module on the other instance as soon as one instance disables it', async () => {
      expect((await greet(second)).status).to.equal(200);
      const disabled = await first.http().post('/api/v1/system/modules/greeter/disable').set('Authorization', ADMIN);
      expect(disabled.status, JSON.stringify(disabled.body)).to.equal(200);
      await eventually(async () => expect((await greet(second)).body.code).to.equal('SYSTEM_NOT_FOUND_404'));
    });

    it('serves it again on the other instance as soon as one instance enables it', async () => {
      const enabled = await first.http().post('/api/v1/system/modules/greeter/enable').set('Authorization', ADMIN);
      expect(enabled.status).to.equal(200);
      await eventually(async () => expect((await greet(second)).status).to.equal(200));
    });
  });

/** Retries an assertion for up to two seconds: the notice crosses asynchronously. */
async function eventually(assertion: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
