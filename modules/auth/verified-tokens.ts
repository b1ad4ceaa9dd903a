import type { AccessClaims } from './access-token';

/**
 * Access tokens this server has already verified, with their claims, until they expire: a client
 * sends the same token with every request for its whole life, and checking its signature again
 * each time was the largest part of authenticating one (bench/me.bench.ts).
 *
 * Keyed by the whole token, signature included, so only a token exactly as verified is found;
 * only tokens whose signature, algorithm and issuer passed are stored. Nothing here decides
 * whether a session is live: auth's principals still do that on every request. Bounded, dropping
 * the oldest, so a flood of valid tokens cannot grow it without end.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(private readonly capacity = 10_000) {}

  /** The claims of a verified token that has not expired at `nowSeconds`, as jsonwebtoken counts it. */
  get(token: string, nowSeconds: number): AccessClaims | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (nowSeconds >= entry.exp) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  remember(token: string, claims: AccessClaims, exp: number): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { claims: Object.freeze({ ...claims }), exp });
  }
}
