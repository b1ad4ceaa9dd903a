import { expect } from 'chai';
import { ADMIN, type TestServer } from '../support/server';
import { expectError, expectSuccess, startEchoServer } from './helpers';

const NOT_FOUND = { en: 'No such endpoint.', zh: '接口不存在。' };

describe('HTTP Accept-Language', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer();
  });
  after(() => server.stop());

  const notFound = async (acceptLanguage?: string) => {
    const request = server.http().get('/api/v1/no/such/route');
    return expectError(await (acceptLanguage === undefined ? request : request.set('Accept-Language', acceptLanguage)), 404, 'SYSTEM_NOT_FOUND_404');
  };

  const cases: [string | undefined, 'en' | 'zh'][] = [
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['zh-TW;q=0.9, en;q=0.8', 'zh'],
    ['en;q=0.5, zh;q=0.9', 'zh'],
    ['fr, zh;q=0.1', 'zh'],
    ['en-US,en;q=0.9,zh;q=0.8', 'en'],
    ['fr', 'en'],
    ['fr-CA, de;q=0.9', 'en'],
    ['zh;q=0', 'en'],
    ['zh;q=abc', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ];
  for (const [header, language] of cases) {
    it(`answers in ${language === 'zh' ? 'Chinese' : 'English'} for Accept-Language ${header === undefined ? 'missing' : JSON.stringify(header)}, the code unchanged`, async () => {
      const body = await notFound(header);
      expect(body.message).to.equal(NOT_FOUND[language]);
      expect(body.code).to.equal('SYSTEM_NOT_FOUND_404');
    });
  }

  it('localises the success message too', async () => {
    expect(expectSuccess(await server.http().get('/api/v1/system/health').set('Accept-Language', 'zh-CN')).message).to.equal('成功');
    expect(expectSuccess(await server.http().get('/api/v1/system/health')).message).to.equal('OK');
  });

  it("localises a module's own catalogued error", async () => {
    const res = await server.http().post('/api/v1/echo/items/item-01/reserve').set('Authorization', ADMIN).set('Accept-Language', 'zh-CN');
    expect(expectError(res, 409, 'ECHO_ITEM_RESERVED_409').message).to.equal('该条目已被预留。');
  });

  it('localises errors raised before any route runs (authentication, validation, 500)', async () => {
    const zh = { 'Accept-Language': 'zh-CN' };
    expect(expectError(await server.http().get('/api/v1/echo/items').set(zh), 401, 'AUTH_TOKEN_MISSING_401').message).to.match(/需要身份认证/);
    expect(expectError(await server.http().get('/api/v1/echo/ping?x=1').set(zh), 400, 'VALIDATION_FAILED_400').message).to.equal('请求参数不合法。');
    expect(expectError(await server.http().get('/api/v1/echo/crash').set(zh), 500, 'SYSTEM_INTERNAL_ERROR_500').message).to.equal('服务器发生意外错误。');
  });
});
