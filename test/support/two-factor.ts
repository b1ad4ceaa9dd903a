/**
 * Two-factor sign-in for tests: an authenticator app's codes (otpauth, as an app computes them)
 * and a user enrolled through the API.
 */
import { expect } from 'chai';
import { Secret, TOTP } from 'otpauth';
import type { TestServer } from './server';
import type { Tokens } from './identity';

/** The code an app shows `steps` 30-second steps from now (1: the next one, still accepted). */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** Turns two-factor on for the user of `tokens` (POST /me/mfa/totp, then its confirm with the current code). */
export async function enrolTotp(server: TestServer, tokens: Tokens): Promise<Enrolled> {
  const begun = await server.http().post('/api/v1/me/mfa/totp').set('Authorization', tokens.bearer).send({});
  expect(begun.status, JSON.stringify(begun.body)).to.equal(200);
  const secret = begun.body.data.secret as string;
  const confirmed = await server
    .http()
    .post('/api/v1/me/mfa/totp/confirm')
    .set('Authorization', tokens.bearer)
    .send({ code: totpCode(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}
