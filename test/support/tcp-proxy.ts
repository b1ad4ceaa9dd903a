/**
 * A TCP proxy a test puts between the server and a dependency (PostgreSQL, Redis) so it can cut
 * the connection for real: `cut()` destroys every open connection and refuses new ones (as a
 * dead host would), `restore()` lets them through again. Nothing is mocked: the server's client
 * libraries see exactly the socket errors an outage causes.
 */
import net from 'node:net';

export interface TcpProxy {
  /** `host:port` to put in the server's DATABASE_URL or REDIS_URL instead of the target's. */
  readonly address: string;
  readonly port: number;
  /** Drops every open connection and refuses new ones until `restore()`. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  /** Whether connections are being let through. */
  readonly open: boolean;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let passing = true;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (!passing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    port,
    get open() {
      return passing;
    },
    cut() {
      passing = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      passing = true;
    },
    close() {
      passing = false;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy in front of the server a connection URL names (`redis://…`, `postgres://…`). */
export function startTcpProxyTo(url: string, defaultPort: number): Promise<TcpProxy> {
  const target = new URL(url);
  return startTcpProxy(target.hostname, Number(target.port || defaultPort));
}

/** `url` with its host and port replaced by the proxy's (`postgres://u@h:5432/db` → via the proxy). */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
