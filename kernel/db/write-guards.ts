import { ForeignKeyConstraintViolationException, OptimisticLockError, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { AppError } from '../errors/app-error';
import type { ErrorDefinition } from '../errors/error-definition';
import { KernelErrors } from '../errors/kernel-errors';

/** What a unique index guards: the error to answer and the request field it is about. */
export interface UniqueConflict {
  error: ErrorDefinition;
  field: string;
  /** The detail's message; `is already taken` when left out. */
  message?: string;
}

/** The resource's id, when the caller's scope cannot see it or it does not exist (the same 404). */
export function notFound(what: string, id: string, field = '/params/id'): AppError {
  return new AppError(KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, { details: [{ field, message: `no ${what} ${id}` }] });
}

/** An update or delete must name the version it read; a stale one is 409. */
export function checkVersion(current: number, sent: number | undefined, field = '/body/version'): void {
  if (sent !== undefined && current !== sent) {
    throw new AppError(KernelErrors.SYSTEM_VERSION_CONFLICT_409, {
      details: [{ field, rule: 'version', message: `the resource is at version ${current}, not ${sent}` }],
    });
  }
}

/** What a flush may run into besides unique indexes: foreign keys, both ways. */
export interface ReferenceGuards {
  /** The table's foreign keys by constraint name, each with the request field holding it: a write naming a row that does not exist is a 400 there. */
  references?: Readonly<Record<string, string>>;
  /** The module's conflict for a delete (or key change) that rows of other tables still refer to. */
  inUse?: ErrorDefinition;
}

/**
 * Flushes the unit of work, turning what the database refuses into catalogued errors: a unique
 * index (by constraint name) into the module's conflict, a foreign key into a 400 on its field
 * or the module's in-use conflict, a lost optimistic-lock race into
 * `SYSTEM_VERSION_CONFLICT_409`. The index decides, so two creates that race both reach here and
 * one of them gets the 409 — no read-then-write check can promise that.
 */
export async function flushChanges(em: EntityManager, unique: Readonly<Record<string, UniqueConflict>> = {}, guards: ReferenceGuards = {}): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint ?? '';
    if (error instanceof UniqueConstraintViolationException) {
      const conflict = unique[constraint];
      if (conflict)
        throw new AppError(conflict.error, {
          cause: error,
          details: [{ field: conflict.field, rule: 'unique', message: conflict.message ?? 'is already taken' }],
        });
    }
    if (error instanceof ForeignKeyConstraintViolationException) {
      const field = guards.references?.[constraint];
      if (field)
        throw new AppError(KernelErrors.VALIDATION_FAILED_400, {
          cause: error,
          details: [{ field, rule: 'reference', message: 'refers to a record that does not exist' }],
        });
      if (guards.inUse) throw new AppError(guards.inUse, { cause: error, details: [{ rule: 'reference', message: 'other records still refer to it' }] });
    }
    if (error instanceof OptimisticLockError) {
      throw new AppError(KernelErrors.SYSTEM_VERSION_CONFLICT_409, {
        cause: error,
        details: [{ field: '/body/version', rule: 'version', message: 'the resource changed meanwhile' }],
      });
    }
    throw error;
  }
}

/** `%`, `_` and `\` in user text match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
