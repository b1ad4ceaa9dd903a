import http from 'node:http';
import { ADMIN } from '../support/server';

/**
 * POSTs half of a JSON body it announced in full, then hangs up: a client that gave up before
 * the server could answer. Resolves once the connection is gone.
 */
export function abandon(base: string, path: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(new URL(path, base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '100', Authorization: ADMIN, ...headers },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write('{"name":');
    setTimeout(() => req.destroy(), 50);
  });
}
