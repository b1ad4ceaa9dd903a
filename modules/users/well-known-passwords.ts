import { LOCAL_ADMIN_PASSWORD } from './seed-admin';

/**
 * Passwords a production administrator must not have: the local default, which this project
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

/** Whether ADMIN_PASSWORD is on the list, in any letter case (`Admin123` is tried as soon as `admin123`). */
export function isWellKnownPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return WELL_KNOWN_PASSWORDS.some((known) => known.toLowerCase() === lower);
}
