import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

describe('a booted kernel', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('answers a protected route for a caller holding its permission', async () => {
    const res = await server.http().get('/api/v1/system/modules').set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    expect(res.body.data.items.map((m: { id: string }) => m.id)).to.include.members(['system', 'test-auth']);
  });
});
