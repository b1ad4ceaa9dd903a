/** The users module's public contract. */
import { publicApi, spi, type Principal } from '@atrium/kernel';

export type UserStatus = 'active' | 'disabled';

/** Who a user is, as auth and me need it. Never a password or a hash. */
export interface UserIdentity {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  status: UserStatus;
  deptId: string | null;
  roleIds: string[];
  postIds: string[];
}

export interface ProfileChange {
  nickname?: string;
  email?: string | null;
  phone?: string | null;
}

/** A user another system vouches for, to create just in time (single sign-on). */
export interface ExternalUser {
  username: string;
  nickname?: string;
  email: string | null;
  roleIds: string[];
}

export interface UserDirectory {
  /**
   * Checks a username and password exactly as sent. An unknown user costs the same time as a
   * wrong password (a hash is verified either way) and both answer null.
   */
  verifyCredentials(username: string, password: string): Promise<UserIdentity | null>;
  identity(userId: string): Promise<UserIdentity | null>;
  /** The caller's own profile (nickname, email, phone): normalised and unique like any user's. */
  updateProfile(userId: string, change: ProfileChange): Promise<UserIdentity>;
  /**
   * Changes a password after checking the old one (false when it is wrong), then tells
   * `users.lifecycle` (`password`), sparing `keepSessionId` (the caller's own session).
   */
  changePassword(userId: string, oldPassword: string, newPassword: string, keepSessionId?: string): Promise<boolean>;
  /**
   * 403 PERM_DENIED_403, a detail (naming `field`) per permission or data scope the caller lacks,
   * when the user's roles grant more than the caller holds: nobody acts on a user who outranks
   * them. Nothing for the caller themselves or a user that does not exist.
   */
  refuseOutranking(caller: Principal, userId: string, field: string): Promise<void>;
  /** The current tenant's user of this username (else, with none sent, of this email); null for none. */
  findByUsernameOrEmail(by: { username?: string; email?: string }): Promise<UserIdentity | null>;
  /**
   * Creates an active user with a password nobody knows, holding `roleIds`: 400 for a username or
   * email that is not one, 409 for a taken one or a full tenant, as any create.
   */
  createExternal(user: ExternalUser): Promise<UserIdentity>;
}

export const UserDirectoryApi = publicApi<UserDirectory>('users.UserDirectory');

/** Why a user's sessions or cached grants must be dropped. */
export type UserChange = 'password' | 'disabled' | 'deleted' | 'access';

/**
 * Told, before the request that changed a user answers, that the user changed: `password`,
 * `disabled` and `deleted` end the user's sessions; `access` (roles, department) only makes
 * cached grants stale. `keepSessionId` spares the caller's own session (a password change by
 * the user themselves).
 */
export interface UserLifecycle {
  userChanged(userId: string, change: UserChange, keepSessionId?: string): Promise<void>;
}

export const UserLifecycleSpi = spi<UserLifecycle>('users.lifecycle');
