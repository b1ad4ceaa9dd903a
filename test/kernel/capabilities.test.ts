import path from 'node:path';
import { expect } from 'chai';
import { fixture, startTestServer, type TestServer } from '../support/server';

/**
 * cap-probe is granted only `http` and depends on nothing; greeter is loaded beside it. Each
 * route of cap-probe reaches for something and reports how the kernel refused it.
 */
describe('what a module may reach at run time', () => {
  let server: TestServer;
  const manifest = path.join(fixture('cap-probe'), 'manifest.json');
  before(async () => {
    server = await startTestServer({ modulePaths: [fixture('greeter'), fixture('cap-probe')] });
  });
  after(() => server?.stop());

  const probe = async (url: string) => {
    const res = await server.http().get(`/api/v1/cap-probe/${url}`);
    expect(res.status).to.equal(200);
    return res.body.data as { refused: boolean; name?: string; message?: string };
  };

  it('refuses ctx.db without the db capability, saying to add "db" to "capabilities" in its manifest', async () => {
    expect(await probe('capabilities/db')).to.deep.equal({
      refused: true,
      name: 'CapabilityError',
      message: `module "cap-probe" has no "db" capability: add "db" to "capabilities" in ${manifest}`,
    });
  });

  for (const capability of ['events', 'cache', 'storage', 'kernel']) {
    it(`refuses ctx.${capability} without the ${capability} capability, saying what to add`, async () => {
      const outcome = await probe(`capabilities/${capability}`);
      expect(outcome).to.include({ refused: true, name: 'CapabilityError' });
      expect(outcome.message).to.include(`add "${capability}" to "capabilities" in ${manifest}`);
    });
  }

  it('refuses ctx.use of a module it does not depend on, saying to add it to "dependsOn"', async () => {
    expect(await probe('use')).to.deep.equal({
      refused: true,
      name: 'CapabilityError',
      message: `module "cap-probe" cannot use greeter.Greeter: add "greeter" to "dependsOn" in ${manifest}`,
    });
  });

  it('refuses ctx.contributions of an SPI another module owns', async () => {
    const outcome = await probe('contributions');
    expect(outcome).to.include({ refused: true, name: 'CapabilityError' });
    expect(outcome.message).to.include('greeter.Salutation').and.to.include('only module "greeter" consumes it');
  });
});
