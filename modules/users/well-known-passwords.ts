/** The seeded administrator's password on a local instance without ADMIN_PASSWORD. Never in production. */
export const LOCAL_ADMIN_PASSWORD = 'admin-local-only';

/**
 * Passwords nobody may set through the API, and a production administrator must not have: the local default, which this project
 * publishes, and the ones an attacker tries first on an `admin` account (the top of every
 * leaked-password list, and vendors' factory defaults). Short on purpose: every production start
 * checks the stored administrator's hash against each one (an argon2 verify apiece).
 */
export const WELL_KNOWN_PASSWORDS: readonly string[] = [
  LOCAL_ADMIN_PASSWORD,
  'admin',
  'admin123',
  'admin1234',
  'administrator',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty',
  'qwerty123',
  'letmein',
  'welcome',
  'changeme',
  'secret',
  'root',
  'toor',
  'default',
  'atrium',
];

/** Whether a password is on the list, in any letter case (`Admin123` is tried as soon as `admin123`). */
export function isWellKnownPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return WELL_KNOWN_PASSWORDS.some((known) => known.toLowerCase() === lower);
}
