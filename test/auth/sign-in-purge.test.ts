import { expect } from 'chai';
import { DEFAULT_TENANT_ID } from '../../kernel/db/tenancy/tenancy-names';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { submitted, waitForState } from '../tasks/helpers';

const LIVE = "now() + interval '5 minutes'";
const EXPIRED = "now() - interval '1 minute'";

/** auth.purge and sso.purge: the expired sign-in records go, the live ones stay. */
describe('auth and sso: purging expired sign-in records', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  const ids = async (query: string) => (await server.sql<{ id: string }>(query)).map((row) => row.id).sort();

  async function purge(type: string): Promise<Record<string, unknown>> {
    const task = await submitted(server, { type, payload: {} }, ADMIN);
    return (await waitForState(server, task.id, 'succeeded')).result as Record<string, unknown>;
  }

  it('auth.purge deletes mfaTokens expired or spent and captchas expired, and keeps live ones', async () => {
    const challenge = (name: string, expires: string, spent: string) =>
      server.sql(
        `insert into auth_mfa_challenge (id, tenant_id, user_id, purpose, token_hash, created_at, expires_at, spent_at)
         values (gen_random_uuid(), ?, gen_random_uuid(), 'verify', ?, now(), ${expires}, ${spent})`,
        [DEFAULT_TENANT_ID, name.padEnd(64, '0')],
      );
    await challenge('live', LIVE, 'null');
    await challenge('expired', EXPIRED, 'null');
    await challenge('spent', LIVE, 'now()');
    for (const [answer, expires] of [
      ['live', LIVE],
      ['expired', EXPIRED],
    ]) {
      await server.sql(`insert into auth_captcha (id, answer_hash, expires_at) values (gen_random_uuid(), ?, ${expires})`, [answer]);
    }

    expect(await purge('auth.purge')).to.deep.equal({ mfaTokens: 2, captchas: 1 });
    expect(await ids("select rtrim(token_hash, '0') as id from auth_mfa_challenge")).to.deep.equal(['live']);
    expect(await ids('select answer_hash as id from auth_captcha')).to.deep.equal(['live']);
  });

  it('sso.purge deletes expired sign-in attempts and unexchanged codes, and keeps live ones', async () => {
    const [provider] = await server.sql<{ id: string }>(
      `insert into sso_provider (id, tenant_id, name, display_name, issuer, client_id, client_secret_sealed, username_claim, email_claim, link_by, jit, enabled, created_at, updated_at)
       values (gen_random_uuid(), ?, 'purged', 'Purged', 'https://idp.example', 'atrium', 'sealed', 'preferred_username', 'email', 'none', false, true, now(), now()) returning id`,
      [DEFAULT_TENANT_ID],
    );
    for (const [name, expires] of [
      ['live', LIVE],
      ['expired', EXPIRED],
    ]) {
      await server.sql(
        `insert into sso_attempt (state_hash, tenant_id, provider_id, code_verifier, nonce, expires_at) values (?, ?, ?, 'verifier', 'nonce', ${expires})`,
        [name.padEnd(64, '0'), DEFAULT_TENANT_ID, provider.id],
      );
      await server.sql(`insert into sso_handoff (code_hash, tenant_id, tokens_sealed, expires_at) values (?, ?, 'sealed', ${expires})`, [
        name.padEnd(64, '0'),
        DEFAULT_TENANT_ID,
      ]);
    }

    expect(await purge('sso.purge')).to.deep.equal({ attempts: 1, codes: 1 });
    expect(await ids("select rtrim(state_hash, '0') as id from sso_attempt")).to.deep.equal(['live']);
    expect(await ids("select rtrim(code_hash, '0') as id from sso_handoff")).to.deep.equal(['live']);
  });
});
