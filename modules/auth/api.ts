/** The auth module's public contract. */
import { publicApi } from '@atrium/kernel';

export interface SessionView {
  id: string;
  userId: string;
  username: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface SessionDirectory {
  /** The user's live sessions, newest first. */
  listForUser(userId: string): Promise<SessionView[]>;
}

export const SessionDirectoryApi = publicApi<SessionDirectory>('auth.SessionDirectory');

/** What auth puts in `Principal.attributes` besides permissions and row scope. */
export interface AuthAttributes {
  /** Every role the user holds, active or not (escalation checks must see them all). */
  roleIds: string[];
  /** Codes of the user's active roles. */
  roleCodes: string[];
  deptId: string | null;
  /** The data scopes of the caller's active roles (the row scope is their union). */
  dataScopes: string[];
}
