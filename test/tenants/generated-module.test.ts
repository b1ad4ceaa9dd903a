import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { column, generated, generatorApi, imported, previewed, updated, type GeneratorApi } from '../generator/helpers';
import { adminLogin, type Tokens } from '../support/identity';
import { startTestServer, type TestServer } from '../support/server';
import { createTenant } from './helpers';

const PASSWORD = 'generated-tenancy-passphrase-1';
const TICKETS = '/api/v1/gt-ticket';

/**
 * A generated module's table is tenant-owned by default: each tenant has its own records, its
 * unique rules per tenant, and the module's permissions are the tenants' to hold.
 */
describe('tenants: a generated module', () => {
  let server: TestServer;
  let generator: GeneratorApi;
  let platform: Tokens;
  let a: Tokens;
  let b: Tokens;
  let tenantA: string;
  let tenantB: string;

  before(async () => {
    server = await startTestServer();
    generator = generatorApi(server);
    platform = await adminLogin(server);
    await server.sql(
      `create table gt_ticket (id uuid primary key, code varchar(40) not null, title varchar(200) not null,
         version integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
    );
    await server.sql('create unique index gt_ticket_code_key on gt_ticket (code)');
    await server.sql("insert into gt_ticket (id, code, title) values ('01900000-0000-7000-8000-0000000000aa', 'OLD-1', 'there before')");
    const table = await imported(generator, 'gt_ticket');
    expect(table.tenantOwned, 'proposed tenant-owned').to.equal(true);
    await generated(generator, table.id);
    // Tenants made after the module: their administrators' role holds its permissions.
    ({ id: tenantA, chief: a } = await createTenant(server, platform.bearer, 'gt-a', PASSWORD));
    ({ id: tenantB, chief: b } = await createTenant(server, platform.bearer, 'gt-b', PASSWORD));
  });
  after(() => server?.stop());

  const as = (tokens: Tokens) => ({
    get: (path: string) => server.http().get(path).set('Authorization', tokens.bearer),
    post: (path: string, body: object) => server.http().post(path).set('Authorization', tokens.bearer).send(body),
    put: (path: string, body: object) => server.http().put(path).set('Authorization', tokens.bearer).send(body),
    delete: (path: string) => server.http().delete(path).set('Authorization', tokens.bearer),
  });
  const codesOf = async (tokens: Tokens) =>
    (expectSuccess(await as(tokens).get(TICKETS)).data as { items: { code: string }[] }).items.map((t) => t.code).sort();

  it("makes the table tenant-owned: the policy forced, the rows already there the default tenant's", async () => {
    const [table] = await server.sql<{ forced: boolean }>("select relforcerowsecurity as forced from pg_class where relname = 'gt_ticket'");
    expect(table.forced).to.equal(true);
    const [old] = await server.sql<{ tenant: string }>("select tenant_id::text as tenant from gt_ticket where code = 'OLD-1'");
    expect(old.tenant).to.equal('01900000-0000-7000-8000-00000000d001');
    expect(await codesOf(platform)).to.deep.equal(['OLD-1']);
  });

  it("gives each tenant's administrator the module's permissions, of scope tenant", async () => {
    const me = expectSuccess(await as(a).get('/api/v1/me')).data as { permissions: string[] };
    expect(me.permissions).to.include.members(['gt-ticket:ticket:list', 'gt-ticket:ticket:add', 'gt-ticket:ticket:remove']);
  });

  it('keeps each tenant to its own records, its unique rule per tenant', async () => {
    const mine = expectSuccess(await as(a).post(TICKETS, { code: 'T-1', title: "A's" }), 201).data as { id: string };
    // The same code in another tenant is another record: no 409 tells B that A has it.
    expectSuccess(await as(b).post(TICKETS, { code: 'T-1', title: "B's" }), 201);
    expectError(await as(a).post(TICKETS, { code: 'T-1', title: 'again' }), 409, 'SYSTEM_GT_TICKET_DUPLICATED_409');
    expect(await codesOf(a)).to.deep.equal(['T-1']);
    expect(await codesOf(b)).to.deep.equal(['T-1']);
    expect(await codesOf(platform)).to.deep.equal(['OLD-1']);

    expectError(await as(b).get(`${TICKETS}/${mine.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await as(b).put(`${TICKETS}/${mine.id}`, { title: 'taken over', version: 1 }), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    expectError(await as(b).delete(`${TICKETS}/${mine.id}`), 404, 'SYSTEM_RESOURCE_NOT_FOUND_404');
    const [row] = await server.sql<{ title: string; tenant: string }>('select title, tenant_id::text as tenant from gt_ticket where id = ?', [mine.id]);
    expect(row).to.deep.equal({ title: "A's", tenant: tenantA });
    // Raw SQL in B's tenant, naming no tenant, sees B's row alone.
    const seen = await server.tenantSql<{ title: string }>(tenantB, 'select title from gt_ticket');
    expect(seen.map((r) => r.title)).to.deep.equal(["B's"]);
  });

  it("previews again after generating: tenancy's column is not a change of the table", async () => {
    const [{ id }] = (expectSuccess(await generator.list({ keyword: 'gt_ticket' })).data as { items: { id: string }[] }).items;
    const files = await previewed(generator, id);
    expect(files.map((f) => f.path)).to.include('migrations/0000-tenant-owned.ts');
    const table = expectSuccess(await generator.read(id)).data as { columns: { columnName: string }[] };
    expect(table.columns.map((c) => c.columnName)).to.not.include('tenant_id');
  });

  it('proposes one set for the platform when the client chooses the key, and refuses tenant-owned for it', async () => {
    await server.sql('create table gt_currency (code varchar(3) primary key, name varchar(60) not null)');
    const table = await imported(generator, 'gt_currency');
    expect(table.tenantOwned).to.equal(false);
    expect(column(table, 'code').primaryKey).to.equal(true);
    const res = await generator.update(table.id, { version: table.version, tenantOwned: true });
    const { details } = expectError(res, 400, 'VALIDATION_FAILED_400') as { details: { field: string; rule?: string }[] };
    expect(details.some((d) => d.field === '/body/tenantOwned' && d.rule === 'tenantOwned')).to.equal(true);
    // Left for the platform, the module is generated with permissions of scope global.
    await updated(generator, table, { moduleName: 'Currencies' });
    await generated(generator, table.id);
    const me = expectSuccess(await as(a).get('/api/v1/me')).data as { permissions: string[] };
    expect(me.permissions.some((p) => p.startsWith('gt-currency:'))).to.equal(false);
    expectError(await as(a).get('/api/v1/gt-currency'), 403, 'PERM_DENIED_403');
  });
});
