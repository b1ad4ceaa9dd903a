import { expect } from 'chai';
import type { Response } from 'supertest';
import { ErrorCatalogue } from '../../kernel/errors/error-catalogue';
import { defineErrors } from '../../kernel/errors/error-definition';
import { ADMIN, tokenFor, type TestServer } from '../support/server';
import { CODE_FORMAT, expectSuccess, startEchoServer } from './helpers';

interface Entry {
  code: string;
  status: number;
  owner: string;
  messages: { en: string; zh: string };
}

/** The kernel's share of api.md's minimum set; the rest belong to the modules that raise them. */
const KERNEL_MINIMUM = [
  'AUTH_TOKEN_MISSING_401',
  'AUTH_TOKEN_INVALID_401',
  'AUTH_TOKEN_EXPIRED_401',
  'AUTH_TOKEN_REVOKED_401',
  'PERM_DENIED_403',
  'VALIDATION_FAILED_400',
  'VALIDATION_MALFORMED_BODY_400',
  'SYSTEM_NOT_FOUND_404',
  'SYSTEM_RESOURCE_NOT_FOUND_404',
  'SYSTEM_VERSION_CONFLICT_409',
  'SYSTEM_MODULE_DEPENDENCY_CONFLICT_409',
  'SYSTEM_PAYLOAD_TOO_LARGE_413',
  'SYSTEM_RATE_LIMITED_429',
  'SYSTEM_INTERNAL_ERROR_500',
];

const HAN = /\p{Script=Han}/u;

describe('HTTP error catalogue', () => {
  let server: TestServer;
  let catalogue: Entry[];
  before(async () => {
    server = await startEchoServer({ config: { jsonBodyLimitBytes: 1024 } });
    catalogue = await readWholeCatalogue(server);
  });
  after(() => server.stop());

  it('serves the catalogue publicly, paged, every entry once', async () => {
    const first = expectSuccess(await server.http().get('/api/v1/system/error-codes?pageSize=1')).data as { total: number };
    expect(catalogue).to.have.length(first.total);
    expect(new Set(catalogue.map((e) => e.code)).size).to.equal(catalogue.length);
  });

  it("lists the kernel's codes and every loaded module's", () => {
    const codes = catalogue.map((e) => e.code);
    expect(codes).to.include.members(KERNEL_MINIMUM);
    expect(catalogue.filter((e) => e.owner === 'test-echo').map((e) => e.code)).to.deep.equal(['ECHO_ITEM_RESERVED_409']);
    for (const code of KERNEL_MINIMUM) expect(catalogue.find((e) => e.code === code)!.owner).to.equal('kernel');
  });

  it('gives every code a non-empty English and Chinese message', () => {
    for (const { code, messages } of catalogue) {
      expect(messages.en.trim(), code).to.not.equal('');
      expect(messages.zh.trim(), code).to.not.equal('');
      expect(messages.zh, `${code} zh is Chinese`).to.match(HAN);
      expect(messages.en, `${code} en is not Chinese`).to.not.match(HAN);
    }
  });

  it('names every code {PREFIX}_{REASON}_{HTTP} with its status as the suffix', () => {
    for (const { code, status } of catalogue) {
      const match = CODE_FORMAT.exec(code);
      expect(match, code).to.not.equal(null);
      expect(Number(match![1]), code).to.equal(status);
      expect(status, code).to.be.within(400, 599);
    }
  });

  it('filters the catalogue by owner', async () => {
    const data = expectSuccess(await server.http().get('/api/v1/system/error-codes?owner=test-echo')).data as { items: Entry[] };
    expect(data.items).to.deep.equal([
      { code: 'ECHO_ITEM_RESERVED_409', status: 409, owner: 'test-echo', messages: { en: 'The item is already reserved.', zh: '该条目已被预留。' } },
    ]);
  });

  it('answers every code a request provokes with the status of its suffix, as catalogued', async () => {
    const provoked: Response[] = [
      await server.http().get('/api/v1/echo/items?pageSize=201').set('Authorization', ADMIN),
      await server.http().post('/api/v1/echo/items').set('Authorization', ADMIN).set('Content-Type', 'application/json').send('{'),
      await server.http().get('/api/v1/echo/items'),
      await server.http().get('/api/v1/echo/items').set('Authorization', 'Bearer fixture.!!'),
      await server
        .http()
        .get('/api/v1/echo/items')
        .set('Authorization', tokenFor('nobody', ['test-echo:item:add'])),
      await server.http().get('/api/v1/nothing'),
      await server.http().get('/api/v1/echo/items/item-99').set('Authorization', ADMIN),
      await server.http().post('/api/v1/echo/items/item-01/reserve').set('Authorization', ADMIN),
      await server
        .http()
        .post('/api/v1/echo/log')
        .send({ message: 'x'.repeat(2000) }),
      await server.http().get('/api/v1/echo/crash'),
    ];
    const seen = new Set<string>();
    for (const res of provoked) {
      const { code } = res.body as { code: string };
      const entry = catalogue.find((e) => e.code === code);
      expect(entry, `${code} is catalogued`).to.not.equal(undefined);
      expect(res.status, code).to.equal(entry!.status);
      expect(Number(CODE_FORMAT.exec(code)![1]), code).to.equal(res.status);
      seen.add(code);
    }
    expect(seen.size).to.equal(provoked.length);
  });

  describe('admission into the catalogue', () => {
    it('refuses to define a code whose suffix is not an error status', () => {
      expect(() => defineErrors({ ECHO_ALL_GOOD_200: { en: 'Fine.', zh: '很好。' } })).to.throw(/4xx or 5xx/);
      expect(() => defineErrors({ NOSUFFIX: { en: 'Hm.', zh: '嗯。' } })).to.throw(/\{PREFIX\}_\{REASON\}_\{HTTP\}/);
    });

    it('refuses to define a code without both messages', () => {
      expect(() => defineErrors({ ECHO_HALF_400: { en: 'Half.', zh: ' ' } })).to.throw(/en and a zh/);
    });

    it('reports a definition built by hand whose status disagrees with its suffix', () => {
      const forged = { code: 'ECHO_FORGED_409', status: 200, messages: { en: 'Forged.', zh: '伪造。' } };
      expect(new ErrorCatalogue().conflicts('forger', [forged])).to.deep.equal(['error code ECHO_FORGED_409 must answer status 409, not 200']);
    });

    it('reports a code another owner already declared', () => {
      const catalogue = new ErrorCatalogue();
      catalogue.add('first', Object.values(defineErrors({ ECHO_SHARED_409: { en: 'Taken.', zh: '已占用。' } })));
      const again = Object.values(defineErrors({ ECHO_SHARED_409: { en: 'Mine.', zh: '我的。' } }));
      expect(catalogue.conflicts('second', again)).to.deep.equal(['error code ECHO_SHARED_409 is already declared by first']);
      expect(() => catalogue.add('second', again)).to.throw(/already declared by first/);
    });
  });
});

/** Every entry, read page by page (small pages, so paging itself is exercised). */
async function readWholeCatalogue(server: TestServer): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let page = 1; ; page++) {
    const data = expectSuccess(await server.http().get(`/api/v1/system/error-codes?page=${page}&pageSize=5&sort=code`)).data as {
      items: Entry[];
      total: number;
    };
    entries.push(...data.items);
    if (data.items.length === 0 || entries.length >= data.total) return entries;
  }
}
