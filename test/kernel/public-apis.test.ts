import { expect } from 'chai';
import { fixture, startTestServer, tokenFor, type TestServer } from '../support/server';

/**
 * greeter provides greeter.Greeter and owns the SPI greeter.Salutation; polite depends on
 * greeter, uses the API and contributes to the SPI — all by token, never by importing a file.
 */
describe('public APIs and SPIs between modules', () => {
  let server: TestServer;
  const caller = tokenFor('ada', ['greeter:greeting:query', 'polite:greeting:query']);
  before(async () => {
    server = await startTestServer({ modulePaths: [fixture('greeter'), fixture('polite')] });
  });
  after(() => server?.stop());

  it('serves a dependency’s public API through ctx.use(token), built with the provider’s own context', async () => {
    const res = await server.http().get('/api/v1/polite/greet').query({ name: 'Ada' }).set('Authorization', caller);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ text: 'Hello, Ada', by: 'greeter' });
  });

  it('injects a dependency’s public API into an @injectable class the module resolves with ctx.resolve', async () => {
    const res = await server.http().get('/api/v1/polite/injected').query({ name: 'Ada' }).set('Authorization', caller);
    expect(res.status).to.equal(200);
    expect(res.body.data.text).to.equal('Hello, Ada, and welcome');
  });

  it('resolves one instance per module: ctx.resolve gives a module-local singleton', async () => {
    const res = await server.http().get('/api/v1/polite/injected').query({ name: 'Ada' }).set('Authorization', caller);
    expect(res.body.data.sameInstance).to.equal(true);
  });

  it('builds a public API once, however often and by whom it is used', async () => {
    // The count lives in greeter's code, which stays required across the servers of a test run.
    const built = async () => (await server.http().get('/api/v1/greeter/hello').query({ name: 'Bo' }).set('Authorization', caller)).body.data.built;
    const before = await built();
    await server.http().get('/api/v1/polite/greet').query({ name: 'Bo' }).set('Authorization', caller);
    await server.http().get('/api/v1/polite/injected').query({ name: 'Bo' }).set('Authorization', caller);
    expect(await built()).to.equal(before);
  });

  it('hands the SPI owner the contributions of the modules that contribute to it', async () => {
    const res = await server.http().get('/api/v1/greeter/hello').query({ name: 'Ada' }).set('Authorization', caller);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ text: 'Hello, Ada' });
    expect(res.body.data.salutations).to.deep.equal(['Good day, Ada']);
  });
});
