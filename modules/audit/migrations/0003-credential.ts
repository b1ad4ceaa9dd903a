import { Migration } from '@atrium/kernel';

/**
 * The credential a request was made with, when its authenticator names one (an API key:
 * `api-key <id> <name>`): the log then says which key acted, beside whose it is.
 */
export default class AuditOperationCredential extends Migration {
  override up(): void {
    this.addSql('alter table audit_operation add column credential varchar(256) null');
  }
}
