import crypto from 'node:crypto';

/** A new refresh token: 32 random bytes, base64url. Only its hash is stored. */
export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a refresh token, and looks a presented one up by. */
export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}
