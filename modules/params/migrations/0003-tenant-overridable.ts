import { Migration, tenantOverridable } from '@atrium/kernel';

/**
 * Params per tenant: the default tenant's params (the rows already there, and the built-ins) are
 * the platform's defaults, which every tenant reads; a tenant's own param with a key overrides
 * the default's. A key is unique within its tenant, whatever its case.
 */
export default class ParamsTenantOverridable extends Migration {
  override up(): void {
    this.addSql(tenantOverridable('params_param'));
    this.addSql('drop index params_param_key_key');
    this.addSql('create unique index params_param_key_key on params_param (tenant_id, lower(key))');
  }
}
