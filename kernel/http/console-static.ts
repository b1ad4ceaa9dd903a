import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * The console's policy: its scripts are files of this server, and nothing else runs. Ant Design
 * writes its styles into <style> elements at run time (CSS-in-JS), so styles need
 * 'unsafe-inline'; a nonce would need the HTML rewritten per response for no script gained.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Paths that are the kernel's, never the console's: a miss there stays the API's 404 envelope
 * instead of turning into the console's page.
 */
const KERNEL_PREFIXES = ['/api/', '/v3/', '/docs', '/schemas/', '/metrics'];

/** Vite names built files `<name>-<hash>.<ext>` under assets/: a file's content never changes under its name. */
const HASHED_ASSETS = '/assets/';

/** Whether `dir` holds a built console. */
export function consoleIsBuilt(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'index.html'));
}

/**
 * Serves the built console from `dir`: its files, and index.html for any other page a browser
 * navigates to, so that the console's own routes survive a reload. Undefined when `dir` holds no
 * built console (said once in the log): the API then runs alone.
 */
export function consoleStatic(dir: string, log: Logger): RequestHandler | undefined {
  const index = path.join(dir, 'index.html');
  if (!consoleIsBuilt(dir)) {
    log.info({ consoleDir: dir }, 'no console to serve: %s has no index.html (npm run build:console builds it)', dir);
    return undefined;
  }
  const files = express.static(dir, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.locals.routeTemplate = 'console';
      const hashed = file.startsWith(path.join(dir, 'assets') + path.sep);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    },
  });
  const page: RequestHandler = (req, res, next) => {
    // The page goes to a browser navigating (Accept: text/html), never to a script's file or an
    // API client probing a path: those keep the 404 envelope.
    if (req.path.startsWith(HASHED_ASSETS) || !(req.headers.accept ?? '').includes('text/html')) return next();
    res.locals.routeTemplate = 'console';
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    res.sendFile(index, (error) => error && next(error));
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || KERNEL_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    files(req, res, (error?: unknown) => (error ? next(error) : page(req, res, next)));
  };
}
