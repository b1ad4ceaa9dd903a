import { defineParam, type Params } from '@atrium/module/params';

const ROLE_CODE = '[A-Za-z][A-Za-z0-9_.-]*';

/** Each tenant names its own roles, and requiring a second factor is always safe to choose. */
export const MFA_REQUIRED_ROLES = defineParam({
  key: 'auth.mfa.requiredRoles',
  name: 'Roles whose members must use two-factor sign-in',
  type: 'string',
  default: '',
  max: 1024,
  pattern: `^\\s*(${ROLE_CODE}\\s*(,\\s*${ROLE_CODE}\\s*)*)?$`,
  perTenant: true,
  description:
    'Role codes, separated by commas (e.g. `admin,auditor`). A member of an active one of them who has not turned two-factor on ' +
    'is answered mfaEnrolmentRequired at login, and may only enrol before signing in.',
});

export const MFA_TOKEN_TTL_SECONDS = defineParam({
  key: 'auth.mfa.tokenTtlSeconds',
  name: 'Time to give the second factor (seconds)',
  type: 'integer',
  default: 300,
  min: 1,
  max: 3600,
  description: 'How long the mfaToken of a login whose password was right stays usable.',
});

export const MFA_PARAMS = [MFA_REQUIRED_ROLES, MFA_TOKEN_TTL_SECONDS];

/** The role codes the param names, in lower case (role codes are unique whatever the case). */
export async function rolesRequiringMfa(params: Params): Promise<Set<string>> {
  const value = await params.get(MFA_REQUIRED_ROLES);
  return new Set(
    value
      .split(',')
      .map((code) => code.trim().toLowerCase())
      .filter((code) => code !== ''),
  );
}
