import { expect } from 'chai';
import { startTestServer } from '../support/server';

/** GENERATOR_RESYNC_INTERVAL_MS: how often an instance asks the database for generations it missed. */
describe('generator: the resync interval setting', () => {
  for (const value of ['soon', '10']) {
    it(`refuses to start with GENERATOR_RESYNC_INTERVAL_MS="${value}", naming it`, async () => {
      const refused = await startTestServer({ env: { NODE_ENV: 'test', GENERATOR_RESYNC_INTERVAL_MS: value } }).then(
        (server) => server.stop().then(() => undefined),
        (error: Error) => error,
      );
      expect(refused?.message).to.contain(`GENERATOR_RESYNC_INTERVAL_MS="${value}"`);
    });
  }
});
