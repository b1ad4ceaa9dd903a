/** The authenticated caller, as an `auth.authenticator` contribution describes it. */
export interface Principal {
  userId: string;
  username: string;
  /** Granted permission codes; a segment may be `*` (`system:*:list`, `*:*:*`). */
  permissions: readonly string[];
  /** The session the credential belongs to, when the authenticator has sessions. */
  sessionId?: string;
  /** Whatever else the authenticator knows (roles, department, data scope…). */
  attributes?: Readonly<Record<string, unknown>>;
}
