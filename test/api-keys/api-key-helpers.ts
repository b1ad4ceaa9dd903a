/** What the API-key tests share: making a key through the API, and calling with one. */
import { expect } from 'chai';
import type { TestServer } from '../support/server';

export interface MadeKey {
  id: string;
  key: string;
  name: string;
  prefix: string;
}

/** Makes a key with the bearer's session (`expiresAt` left out: it never expires). */
export async function makeKey(server: TestServer, bearer: string, permissions: string[], expiresAt?: string): Promise<MadeKey> {
  const name = `key-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await server
    .http()
    .post('/api/v1/me/api-keys')
    .set('Authorization', bearer)
    .send({ name, permissions, ...(expiresAt ? { expiresAt } : {}) });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body.data as MadeKey;
}

/** GET `path` with the key in `X-API-Key`. */
export function withKey(server: TestServer, key: string, path = '/api/v1/me') {
  return server.http().get(path).set('X-API-Key', key);
}
