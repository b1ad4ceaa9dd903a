import { expect } from 'chai';
import { ConfigError, readConfig } from '../../kernel/config';

describe('config: NODE_ENV and HOST', () => {
  it('reads NODE_ENV in any letter case: Production and PRODUCTION are production', () => {
    for (const name of ['production', 'Production', 'PRODUCTION']) {
      expect(readConfig({ NODE_ENV: name })).to.include({ environment: 'production', production: true });
    }
    expect(readConfig({ NODE_ENV: 'TEST' })).to.include({ environment: 'test', production: false });
    expect(readConfig({})).to.include({ environment: 'development', production: false });
  });

  it('refuses an unknown NODE_ENV, naming the accepted values', () => {
    for (const name of ['prod', 'Production ', ' production', 'staging']) {
      expect(() => readConfig({ NODE_ENV: name }), JSON.stringify(name))
        .to.throw(ConfigError, `NODE_ENV=${JSON.stringify(name)} is not one of development, test, production`);
    }
  });

  it('listens on 127.0.0.1 unless HOST asks for another address', () => {
    expect(readConfig({}).host).to.equal('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).to.equal('0.0.0.0');
  });
});
