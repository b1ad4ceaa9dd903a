import { expect } from 'chai';
import { ConfigError, readConfig } from '../../kernel/config';

describe('config: NODE_ENV, HOST and CORS_ORIGINS', () => {
  it('reads NODE_ENV in any letter case: Production and PRODUCTION are production', () => {
    for (const name of ['production', 'Production', 'PRODUCTION']) {
      expect(readConfig({ NODE_ENV: name })).to.include({ environment: 'production', production: true });
    }
    expect(readConfig({ NODE_ENV: 'TEST' })).to.include({ environment: 'test', production: false });
    expect(readConfig({})).to.include({ environment: 'development', production: false });
  });

  it('refuses an unknown NODE_ENV, naming the accepted values', () => {
    for (const name of ['prod', 'Production ', ' production', 'staging']) {
      expect(() => readConfig({ NODE_ENV: name }), JSON.stringify(name)).to.throw(
        ConfigError,
        `NODE_ENV=${JSON.stringify(name)} is not one of development, test, production`,
      );
    }
  });

  it('carries the event bus over the database unless EVENT_BUS_DATABASE is off, and refuses another value', () => {
    expect(readConfig({}).eventBusOverDatabase).to.equal(true);
    expect(readConfig({ EVENT_BUS_DATABASE: 'on' }).eventBusOverDatabase).to.equal(true);
    expect(readConfig({ EVENT_BUS_DATABASE: 'off' }).eventBusOverDatabase).to.equal(false);
    expect(() => readConfig({ EVENT_BUS_DATABASE: 'no' })).to.throw(ConfigError, 'EVENT_BUS_DATABASE must be on or off');
  });

  it('refuses an ENCRYPTION_KEY shorter than 32 bytes, for every module that seals with it, and takes none or a long one', () => {
    expect(() => readConfig({ ENCRYPTION_KEY: 'x'.repeat(31) })).to.throw(ConfigError, 'ENCRYPTION_KEY is shorter than 32 bytes');
    // Bytes, not characters: 11 three-byte characters are 33 bytes.
    expect(() => readConfig({ ENCRYPTION_KEY: '密'.repeat(11) })).not.to.throw();
    expect(() => readConfig({ ENCRYPTION_KEY: 'x'.repeat(32) })).not.to.throw();
    expect(() => readConfig({})).not.to.throw();
  });

  it('listens on 127.0.0.1 unless HOST asks for another address', () => {
    expect(readConfig({}).host).to.equal('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).to.equal('0.0.0.0');
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins, off when unset', () => {
    expect(readConfig({}).corsOrigins).to.deep.equal([]);
    expect(readConfig({ CORS_ORIGINS: 'https://console.example.com, http://localhost:5173' }).corsOrigins).to.deep.equal([
      'https://console.example.com',
      'http://localhost:5173',
    ]);
  });

  it('refuses a CORS_ORIGINS entry that is not an origin as a browser sends it', () => {
    for (const value of [
      '*',
      'https://*.example.com',
      'https://console.example.com/',
      'https://console.example.com/app',
      'console.example.com',
      'https://console.example.com:443',
      'file:///tmp',
    ]) {
      expect(() => readConfig({ CORS_ORIGINS: value }), value).to.throw(ConfigError, `CORS_ORIGINS: ${JSON.stringify(value)} is not an origin`);
    }
  });
});
