import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { Express } from 'express';
import { ShapedRequest, ShapedResponse } from './shaped-messages';

export async function serve(app: Express, host: string, port: number): Promise<Server> {
  const server = http.createServer({ IncomingMessage: ShapedRequest, ServerResponse: ShapedResponse }, app);
  // Behind a load balancer, idle keep-alive sockets must outlive the balancer's own timeout.
  server.keepAliveTimeout = 65_000;
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}

/**
 * Stops accepting connections and waits for requests in flight; after `timeoutMs` whatever is
 * still open is cut, so a stuck client cannot hold the shutdown forever.
 */
export async function drainAndClose(server: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive socket whose request finishes becomes idle; close those as they appear.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
  });
  await Promise.race([closed, deadline]);
  clearTimeout(timer);
  clearInterval(sweeper);
}
