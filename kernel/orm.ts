import path from 'node:path';
import type { Migration as MikroMigration } from '@mikro-orm/migrations';

/**
 * The part of MikroORM that is module API, re-exported by `@atrium/kernel` (kernel/api.ts).
 *
 * `ctx.db` hands modules a MikroORM EntityManager, so MikroORM is part of what a module is
 * written against. Modules take its names from here and never from `@mikro-orm/*`, so they get
 * the kernel's copy, at the kernel's version: MikroORM 6 with the PostgreSQL driver. A new major
 * of MikroORM is a new major of the module API, said so in docs/writing-a-module.md.
 *
 * The list is what modules use: mapping entities, typing queries and the EntityManager, raw SQL
 * fragments, locks, and the errors the database raises that modules turn into catalogued
 * answers. A name a module needs and does not find here is added here, in one reviewed place.
 */
export { defineEntity, raw, LockMode } from '@mikro-orm/postgresql';
export type { InferEntity, EntitySchema, EntityManager, FilterQuery, ObjectQuery, Knex } from '@mikro-orm/postgresql';
export { UniqueConstraintViolationException, ForeignKeyConstraintViolationException, OptimisticLockError } from '@mikro-orm/postgresql';

/**
 * MikroORM's `Migration` base class, which every migration extends, without the rest of
 * `@mikro-orm/migrations`: the package's index also loads the Migrator (umzug, the migration
 * generators), some 150 ms of every boot that only a boot with pending migrations needs
 * (db/migrations.ts loads it then). The package's exports name only its index, so the class's file
 * is required by its path: it is the very file the index loads, so the class is the one the
 * Migrator knows.
 */
const MIGRATION_CLASS_FILE = path.join(path.dirname(require.resolve('@mikro-orm/migrations/package.json')), 'Migration.js');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of the package by its path, see above
export const Migration = (require(MIGRATION_CLASS_FILE) as { Migration: typeof MikroMigration }).Migration;
export type Migration = MikroMigration;
