import type { RowScope } from './row-scope';

/** The authenticated caller, as an `kernel.authenticator` contribution describes it. */
export interface Principal {
  userId: string;
  username: string;
  /** Granted permission codes; a segment may be `*` (`system:*:list`, `*:*:*`). */
  permissions: readonly string[];
  /** The tenant the caller acts in. Absent: the default tenant (an installation with one tenant). */
  tenantId?: string;
  /**
   * The tenant the caller's own account lives in, when it acts in another (a platform
   * administrator switched into a tenant for support). Absent: the account is `tenantId`'s.
   */
  homeTenantId?: string;
  /**
   * The rows the caller sees under `row`-scoped permissions. Absent: every row (an authenticator
   * that knows no data scopes).
   */
  rowScope?: RowScope;
  /**
   * The credential the caller proved themselves with, when the audit log must name it beside the
   * user (an API key: `api-key <id> <name>`). A caller with one has every request recorded in
   * the operation log, reads included.
   */
  credential?: string;
  /** The session the credential belongs to, when the authenticator has sessions. */
  sessionId?: string;
  /**
   * The audiences the caller belongs to, as opaque names the authenticator gives them (auth's:
   * `role:<id>` for each active role, `dept:<id>` for the department): what is addressed to a
   * group (a live event, a notice) reaches its members.
   */
  groups?: readonly string[];
  /** Whatever else the authenticator knows (roles, department, data scope…). */
  attributes?: Readonly<Record<string, unknown>>;
}
