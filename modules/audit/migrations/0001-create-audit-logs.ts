import { Migration } from '@atrium/kernel';

/**
 * The two logs. Append-only: rows are inserted in batches and deleted by the purge, never
 * updated, so they carry no `version`. Each index serves a list filter with its default order
 * (newest first), and `at` alone serves the purge and the time range.
 */
export default class CreateAuditLogs extends Migration {
  override up(): void {
    this.addSql(`create table audit_login (
      id uuid primary key,
      at timestamptz not null,
      username varchar(256) not null,
      user_id varchar(128),
      ip varchar(64) not null,
      user_agent varchar(512) not null,
      success boolean not null,
      reason varchar(32) not null
    )`);
    this.addSql('create index audit_login_at_idx on audit_login (at desc, id desc)');
    this.addSql('create index audit_login_username_idx on audit_login (lower(username), at desc)');
    this.addSql('create index audit_login_ip_idx on audit_login (ip, at desc)');

    this.addSql(`create table audit_operation (
      id uuid primary key,
      at timestamptz not null,
      trace_id varchar(64) not null,
      method varchar(16) not null,
      path text not null,
      status integer not null,
      duration_ms real not null,
      module_id varchar(128),
      permission varchar(256),
      user_id varchar(128),
      username varchar(256),
      ip varchar(64) not null,
      user_agent varchar(512) not null,
      body jsonb,
      changes jsonb not null
    )`);
    this.addSql('create index audit_operation_at_idx on audit_operation (at desc, id desc)');
    this.addSql('create index audit_operation_user_idx on audit_operation (user_id, at desc)');
    this.addSql('create index audit_operation_username_idx on audit_operation (lower(username), at desc)');
    this.addSql('create index audit_operation_module_idx on audit_operation (module_id, at desc)');
    this.addSql('create index audit_operation_status_idx on audit_operation (status, at desc)');
    this.addSql('create index audit_operation_trace_idx on audit_operation (trace_id)');
  }

  override down(): void {
    this.addSql('drop table audit_operation');
    this.addSql('drop table audit_login');
  }
}
