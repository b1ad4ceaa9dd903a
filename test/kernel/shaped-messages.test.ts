import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { expect } from 'chai';
import express, { type Request } from 'express';
import { authenticateRequest } from '../../kernel/auth/authenticate';
import { credentialStrategy } from '../../kernel/auth/credential-strategy';
import { ShapedRequest } from '../../kernel/http/shaped-messages';
import { serve } from '../../kernel/http/serve';

const keysOf = (value: object) => new Set(Object.keys(value));
const added = (now: Iterable<string>, before: Set<string>) => [...now].filter((key) => !before.has(key));

/**
 * The server's requests and responses declare at construction every property express, node and
 * Passport add to each of them later: a property added after express has switched an object's
 * prototype takes V8's slow path (bench/README.md, the trivial-route benchmark).
 */
describe('kernel: the server shapes its requests and responses before express sees them', () => {
  it('adds no property to a request or a response on express’s way to a middleware', async () => {
    const app = express();
    let seen: { req: string[]; res: string[] } | undefined;
    app.use((req, res) => {
      seen = { req: Object.keys(req), res: Object.keys(res) };
      res.json({});
    });
    const server = await serve(app, '127.0.0.1', 0);
    // What each held when node handed them to express.
    let handed: { req: Set<string>; res: Set<string> } | undefined;
    server.prependListener('request', (req, res) => (handed = { req: keysOf(req), res: keysOf(res) }));
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/some/path?with=query`);
    } finally {
      server.close();
    }
    expect(added(seen!.req, handed!.req)).to.deep.equal([]);
    expect(added(seen!.res, handed!.res)).to.deep.equal([]);
  });

  it('adds no property to a request Passport authenticates', async () => {
    const req = new ShapedRequest(new Socket()) as unknown as Request;
    req.headers = { authorization: 'Bearer someone' };
    const before = keysOf(req);
    const strategy = credentialStrategy('someone', async () => ({ userId: 'u1', username: 'someone', permissions: [] }));
    const registry = { contributions: <T>() => [{ name: 'someone', strategy }] as T[] };
    expect((await authenticateRequest(registry, req)).userId).to.equal('u1');
    expect(added(Object.keys(req), before)).to.deep.equal([]);
  });
});
