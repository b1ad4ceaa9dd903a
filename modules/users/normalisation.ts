/**
 * How usernames, emails, phones and nicknames are normalised and checked
 * (docs/identity-and-access.md, "Normalisation"). Every write path goes through these, and the
 * normalised forms are what the unique indexes hold, so `Admin`, ` admin ` and `ADMIN` are one
 * account, and so are `A@B.io` and `a@b.io`, or `+1 (555) 010-0000` and `+15550100000`.
 */

/** A normalised value, or why the value sent is refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = <T>(reason: string): Checked<T> => ({ ok: false, reason });

const USERNAME = /^[a-z0-9._-]{3,64}$/;
// ajv-formats' `email` (full mode), the one `format: email` means everywhere else in the API.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const EMAIL_MAX = 254;
const PHONE_PUNCTUATION = /[\s\-.()]/g;
const PHONE = /^\+?[0-9]{6,20}$/;
const NICKNAME_MAX = 64;

/** NFKC first, so full-width `ＡＤＭＩＮ` and a trailing ideographic space become `admin`. */
export function normaliseUsername(raw: string): Checked<string> {
  const value = raw.normalize('NFKC').trim().toLowerCase();
  return USERNAME.test(value) ? ok(value) : refused('must be 3 to 64 of a-z, 0-9, ".", "_" and "-" (case and surrounding spaces are ignored)');
}

/** Null, or a blank string, is "no email". */
export function normaliseEmail(raw: string | null): Checked<string | null> {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return ok(null);
  return value.length <= EMAIL_MAX && EMAIL.test(value) ? ok(value) : refused('must be an email address');
}

/** Null, or a blank string, is "no phone". Spaces, dashes, dots and parentheses are dropped. */
export function normalisePhone(raw: string | null): Checked<string | null> {
  const value = raw?.replace(PHONE_PUNCTUATION, '') ?? '';
  if (value === '') return ok(null);
  return PHONE.test(value) ? ok(value) : refused('must be 6 to 20 digits, optionally after a "+" (spaces, dashes, dots and parentheses are ignored)');
}

export function normaliseNickname(raw: string): Checked<string> {
  const value = raw.trim();
  // Code points, as the column's varchar(64) counts them.
  const length = [...value].length;
  return length >= 1 && length <= NICKNAME_MAX ? ok(value) : refused(`must be 1 to ${NICKNAME_MAX} characters besides surrounding spaces`);
}
