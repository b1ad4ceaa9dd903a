/**
 * Server processes on one fresh PostgreSQL database, each reaching Redis through a TCP proxy of
 * its own, so a test can cut Redis for real (every open connection dropped, new ones refused) for
 * one instance or all, and restore it. Needs DATABASE_URL and REDIS_URL; without them it answers
 * null and the caller skips.
 */
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { fixture } from '../support/server';
import { startTcpProxyTo, throughProxy, type TcpProxy } from '../support/tcp-proxy';

export const ADMIN_PASSWORD = 'redis-outage-admin-1';

export interface RedisOutageInstances {
  servers: ServerProcess[];
  /** The proxy between each server (same index) and Redis. */
  proxies: TcpProxy[];
  /** Cuts Redis for the servers given (all by default). */
  cut(...servers: ServerProcess[]): void;
  restore(): void;
  stop(): Promise<void>;
}

export async function startBehindRedisProxy(count: number): Promise<RedisOutageInstances | null> {
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL || !redisUrl) return null;
  const database: TestDatabase = await createTestDatabase();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.databaseUrl,
    DATA_DIR: database.dataDir,
    JWT_SECRET: 'a-secret-every-outage-instance-shares-0123',
    ADMIN_PASSWORD,
    MODULE_PATH: fixture('greeter'),
  };
  const servers: ServerProcess[] = [];
  const proxies: TcpProxy[] = [];
  // One after the other: the first applies the migrations and seeds the administrator.
  for (let i = 0; i < count; i += 1) {
    const proxy = await startTcpProxyTo(redisUrl, 6379);
    proxies.push(proxy);
    servers.push(await startServerProcess({ ...env, REDIS_URL: throughProxy(redisUrl, proxy) }));
  }
  return {
    servers,
    proxies,
    cut(...chosen) {
      for (const server of chosen.length > 0 ? chosen : servers) proxies[servers.indexOf(server)]!.cut();
    },
    restore() {
      for (const proxy of proxies) proxy.restore();
    },
    async stop() {
      for (const proxy of proxies) proxy.restore();
      for (const server of servers) await server.stop();
      for (const proxy of proxies) await proxy.close();
      await database.cleanup();
    },
  };
}

/** JSON of a fetch answer, with its status. */
export async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { ...init, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function login(server: ServerProcess): Promise<{ accessToken: string; expiresIn: number; status: number }> {
  const res = await call(`${server.url}/api/v1/auth/login`, { method: 'POST', json: { username: 'admin', password: ADMIN_PASSWORD } });
  return { status: res.status, ...(res.body?.data ?? {}) };
}

/** Retries an assertion until it holds or `ms` have passed (then its last failure is thrown). */
export async function eventually<T>(ms: number, assertion: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
