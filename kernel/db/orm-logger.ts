/**
 * MikroORM's log lines, sent to the kernel's pino logger at a matching level instead of to the
 * console. MikroORM decides what to log (its `debug` option); this only decides where.
 */
import { DefaultLogger, type LogContext, type LoggerNamespace, type LoggerOptions } from '@mikro-orm/core';
import type { Logger } from 'pino';

class PinoOrmLogger extends DefaultLogger {
  constructor(
    options: LoggerOptions,
    private readonly pino: Logger,
  ) {
    super(options);
  }

  override log(namespace: LoggerNamespace, message: string, context?: LogContext): void {
    if (!this.isEnabled(namespace, context)) return;
    const level = context?.level === 'error' ? 'error' : context?.level === 'warning' ? 'warn' : 'debug';
    this.pino[level]({ orm: namespace }, message.replace(/\s+/g, ' ').trim());
  }
}

/** A `loggerFactory` for MikroORM's options. */
export function pinoOrmLoggerFactory(pino: Logger): (options: LoggerOptions) => DefaultLogger {
  return (options) => new PinoOrmLogger(options, pino);
}

/**
 * knex's own messages (a connection it found dead, a deprecation), which it would print with
 * console.log among the JSON lines: to the JSON log instead, like every other client library's.
 */
export function knexLog(pino: Logger): Record<'warn' | 'error' | 'deprecate' | 'debug', (message: unknown) => void> {
  const log = pino.child({ orm: 'knex' });
  return {
    warn: (message) => log.warn(String(message)),
    error: (message) => log.error(String(message)),
    deprecate: (message) => log.warn(String(message)),
    debug: (message) => log.debug(String(message)),
  };
}
