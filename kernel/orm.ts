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
export { Migration } from './db/migration-class';
