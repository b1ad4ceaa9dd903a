import { AppError, KernelErrors, type ErrorDetail, type UniqueConflict } from '@atrium/kernel';
import { UserErrors } from './errors';
import { normaliseEmail, normaliseNickname, normalisePhone, normaliseUsername, type Checked } from './normalisation';

/** The identifying fields of a write, as sent; left out: not being written. */
export interface IdentityFields {
  username?: string;
  nickname?: string;
  email?: string | null;
  phone?: string | null;
}

/**
 * The fields normalised (normalisation.ts), or a 400 naming every refused one. Every write of
 * these fields, the admin's and the user's own, comes through here.
 */
export function normaliseIdentity(fields: IdentityFields): IdentityFields {
  const problems: ErrorDetail[] = [];
  const take = <T>(name: keyof IdentityFields, checked: Checked<T> | undefined): T | undefined => {
    if (checked === undefined) return undefined;
    if (checked.ok) return checked.value;
    problems.push({ field: `/body/${name}`, rule: 'format', message: checked.reason });
    return undefined;
  };
  const normalised: IdentityFields = {
    username: take('username', fields.username === undefined ? undefined : normaliseUsername(fields.username)),
    nickname: take('nickname', fields.nickname === undefined ? undefined : normaliseNickname(fields.nickname)),
    email: take('email', fields.email === undefined ? undefined : normaliseEmail(fields.email)),
    phone: take('phone', fields.phone === undefined ? undefined : normalisePhone(fields.phone)),
  };
  if (problems.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details: problems });
  return Object.fromEntries(Object.entries(normalised).filter(([, value]) => value !== undefined));
}

const taken = (field: string): UniqueConflict => ({ error: UserErrors.SYSTEM_USER_DUPLICATED_409, field });

/** The unique indexes of migrations/0001-create-users.ts, by name, and what each conflict answers. */
export const USER_UNIQUE_KEYS: Readonly<Record<string, UniqueConflict>> = {
  users_user_username_key: taken('/body/username'),
  users_user_email_key: taken('/body/email'),
  users_user_phone_key: taken('/body/phone'),
};
