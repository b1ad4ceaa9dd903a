import { expect } from 'chai';
import { DEFAULT_TENANT_ID, runAsPlatform, runInTenant } from '../../kernel/api';
import type { Response } from 'supertest';
import { fixture, startTestServer, tokenFor, type TestServer } from '../support/server';

/**
 * Row-level security under a dropped-in module (test/fixtures/modules/tenant-notes) whose table
 * is made tenant-owned by one line of its migration and which reads and writes it with raw SQL
 * that never names a tenant: the database, not the module, keeps tenants apart.
 */
const TENANT_A = '01900000-0000-7000-8000-0000000000a1';
const TENANT_B = '01900000-0000-7000-8000-0000000000b1';
const PERMISSIONS = ['tenant-notes:note:list', 'tenant-notes:note:add'];

function dataOf<T>(res: Response): T {
  expect(res.status, res.text).to.equal(200);
  return (res.body as { data: T }).data;
}

interface Note {
  id: string;
  text: string;
  tenantId: string;
}

describe('tenants: rows the database keeps apart', () => {
  let server: TestServer;
  const as = (tenantId?: string) => tokenFor(`writer-${tenantId ?? 'default'}`, PERMISSIONS, tenantId ? { tenantId } : {});
  // Straight through the kernel's connection, in whatever tenant scope the caller runs: not server.sql, which is the platform's.
  const execute = <T = unknown>(sql: string) => server.kernel.db.orm.em.fork().getConnection().execute(sql) as Promise<T[]>;
  const notes = async (tenantId?: string): Promise<Note[]> =>
    dataOf<Note[]>(await server.http().get('/api/v1/tenant-notes').set('Authorization', as(tenantId)));
  const add = async (text: string, tenantId?: string, body: Record<string, unknown> = {}) =>
    server
      .http()
      .post('/api/v1/tenant-notes')
      .set('Authorization', as(tenantId))
      .send({ text, ...body });

  before(async () => {
    server = await startTestServer({ modulePaths: [fixture('tenant-notes')] });
  });
  after(() => server?.stop());

  it('fills tenant_id from the caller and shows each tenant only its own rows, to `select *` with no filter', async () => {
    for (const [text, tenant] of [
      ['a1', TENANT_A],
      ['b1', TENANT_B],
      ['a2', TENANT_A],
      ['d1', undefined],
    ] as const) {
      expect((await add(text, tenant)).status).to.equal(201);
    }
    expect((await notes(TENANT_A)).map((n) => [n.text, n.tenantId])).to.deep.equal([
      ['a1', TENANT_A],
      ['a2', TENANT_A],
    ]);
    expect((await notes(TENANT_B)).map((n) => [n.text, n.tenantId])).to.deep.equal([['b1', TENANT_B]]);
    // A credential naming no tenant acts in the default one.
    expect((await notes()).map((n) => [n.text, n.tenantId])).to.deep.equal([['d1', DEFAULT_TENANT_ID]]);
  });

  it("refuses an insert naming another tenant's id, and writes nothing", async () => {
    const res = await add('sneaked', TENANT_A, { tenantId: TENANT_B });
    expect(res.status).to.be.at.least(400);
    const sneaked = await runAsPlatform(() => execute<{ count: string }>("select count(*) from tenant_notes_note where text = 'sneaked'"));
    expect(Number(sneaked[0].count)).to.equal(0);
  });

  it("changes only the caller's rows with an update that has no filter", async () => {
    const touched = dataOf<{ updated: number }>(
      await server.http().post('/api/v1/tenant-notes/touch-all').set('Authorization', as(TENANT_B)).send({ text: 'touched' }),
    );
    expect(touched.updated).to.equal(1);
    const texts = await runAsPlatform(() => execute<{ text: string }>('select text from tenant_notes_note order by id'));
    expect(texts.map((row) => row.text)).to.deep.equal(['a1', 'touched', 'a2', 'd1']);
  });

  it('shows work outside any tenant no row and lets it insert none; the platform sees every tenant and seeds the default one', async () => {
    expect(await execute('select * from tenant_notes_note')).to.deep.equal([]);
    let refused: unknown;
    await execute("insert into tenant_notes_note (text) values ('orphan')").catch((error: unknown) => (refused = error));
    expect(refused, 'an insert with no tenant').to.be.an('error');
    await runAsPlatform(() => execute("insert into tenant_notes_note (text) values ('seeded')"));
    const [seeded] = await runAsPlatform(() => execute<{ tenant_id: string }>("select tenant_id from tenant_notes_note where text = 'seeded'"));
    expect(seeded.tenant_id, 'a row the platform inserts naming no tenant').to.equal(DEFAULT_TENANT_ID);
    expect(await runInTenant(TENANT_A, () => execute('select * from tenant_notes_note'))).to.have.length(2);
    expect(await runAsPlatform(() => execute('select * from tenant_notes_note'))).to.have.length(5);
  });

  it('runs tenant work as a role that owns nothing and cannot bypass the policies', async () => {
    const [role] = await runInTenant(TENANT_A, () =>
      execute<{ current_user: string; bypasses: boolean; owns: boolean }>(
        `select current_user, r.rolsuper or r.rolbypassrls as bypasses,
           exists (select from pg_tables where tableowner = current_user) as owns
         from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).to.deep.equal({ current_user: 'atrium_app', bypasses: false, owns: false });
    const [forced] = await execute<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      "select relrowsecurity, relforcerowsecurity from pg_class where relname = 'tenant_notes_note'",
    );
    expect(forced).to.deep.equal({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it('keeps each tenant to its rows under requests of both tenants at once', async () => {
    const rounds = await Promise.all(Array.from({ length: 20 }, (_, i) => notes(i % 2 === 0 ? TENANT_A : TENANT_B)));
    rounds.forEach((seen, i) => {
      const tenant = i % 2 === 0 ? TENANT_A : TENANT_B;
      expect(seen.length, `round ${i}`).to.be.greaterThan(0);
      expect(
        seen.every((note) => note.tenantId === tenant),
        `round ${i}`,
      ).to.equal(true);
    });
  });
});
