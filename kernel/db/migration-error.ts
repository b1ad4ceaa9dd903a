/**
 * A migration that failed at boot. The message says which module, which file and why, so the
 * operator reading the boot log knows where to look without a stack trace.
 */
export class MigrationError extends Error {
  constructor(
    readonly moduleId: string,
    /** The migration's name, e.g. `0002-add-col`. */
    readonly migrationName: string,
    /** Absolute path of the migration file. */
    readonly file: string,
    /** What failed: the driver's error (its message includes the statement) or the migration's own. */
    override readonly cause: unknown,
  ) {
    super(`module "${moduleId}" migration ${migrationName} (${file}) failed: ${databaseMessage(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/**
 * The database's own words. knex puts the whole statement in front of them (`<sql> - <message>`),
 * which can be pages long; the statement stays available on `cause`. A statement may contain
 * ` - ` (arithmetic) far more often than PostgreSQL's one-line message does, hence the last one.
 */
function databaseMessage(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const fromDatabase = /^[0-9A-Z]{5}$/.test(String((cause as { code?: unknown }).code));
  const separator = cause.message.lastIndexOf(' - ');
  return fromDatabase && separator >= 0 ? cause.message.slice(separator + 3) : cause.message;
}
