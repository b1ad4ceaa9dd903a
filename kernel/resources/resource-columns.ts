import { defineEntity } from '@mikro-orm/postgresql';
import { newId } from '../db/ids';

type PropertyBuilders = typeof defineEntity.properties;

/**
 * The columns every resource table has, spread first into a `defineEntity`'s properties: a UUID
 * v7 id (time-ordered, so new rows land at the end of the key's index), the optimistic version the
 * kit checks on every write, and when the row was created and last changed (equal on create).
 */
export function resourceColumns(p: PropertyBuilders) {
  return {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    version: p.integer().version(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate((row: { createdAt?: Date }) => row.createdAt ?? new Date())
      .onUpdate(() => new Date()),
  };
}
