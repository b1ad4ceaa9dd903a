import { Migration } from '../../orm';
import { APP_ROLE } from '../tenancy/tenancy-names';

/** What the app role may do to every table and sequence: use them, never own or alter them. */
const TABLE_RIGHTS = 'select, insert, update, delete, truncate, references, trigger';
const SEQUENCE_RIGHTS = 'usage, select, update';

/**
 * The role tenant work runs as (kernel/db/tenancy/connection-identity.ts). Roles belong to the
 * whole PostgreSQL server: installations sharing one reuse it, and two creating it at once is no
 * error. Its rights follow every table the owner creates from now on, in any schema (pg-boss
 * makes its own), and reach what exists today.
 */
export class AppRole0003 extends Migration {
  override up(): void {
    this.addSql(`do $$ begin
      create role ${APP_ROLE} nologin;
    exception when duplicate_object or unique_violation then null;
    end $$`);
    this.addSql(`do $$ declare schema_name text; begin
      for schema_name in select nspname from pg_namespace where nspname = 'public' or nspname = 'tasks_pgboss' loop
        execute format('grant usage on schema %I to ${APP_ROLE}', schema_name);
        execute format('grant ${TABLE_RIGHTS} on all tables in schema %I to ${APP_ROLE}', schema_name);
        execute format('grant ${SEQUENCE_RIGHTS} on all sequences in schema %I to ${APP_ROLE}', schema_name);
      end loop;
    end $$`);
    this.addSql(`alter default privileges grant usage on schemas to ${APP_ROLE}`);
    this.addSql(`alter default privileges grant ${TABLE_RIGHTS} on tables to ${APP_ROLE}`);
    this.addSql(`alter default privileges grant ${SEQUENCE_RIGHTS} on sequences to ${APP_ROLE}`);
  }

  override down(): void {
    this.addSql(`alter default privileges revoke usage on schemas from ${APP_ROLE}`);
    this.addSql(`alter default privileges revoke all on tables from ${APP_ROLE}`);
    this.addSql(`alter default privileges revoke all on sequences from ${APP_ROLE}`);
    this.addSql(`revoke all on all tables in schema public from ${APP_ROLE}`);
    this.addSql(`revoke all on all sequences in schema public from ${APP_ROLE}`);
    this.addSql(`revoke usage on schema public from ${APP_ROLE}`);
  }
}
