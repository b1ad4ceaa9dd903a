import { AppError, KernelErrors, type ErrorDetail, type ModuleContext } from '@atrium/kernel';
import { ParamsApi, defineParam } from '@atrium/module/params';
import { PASSWORD_MAX_LENGTH } from './passwords';
import { isWellKnownPassword } from './well-known-passwords';

/** The password policy's floor: a built-in param, so an operator raises it without a release. */
export const PASSWORD_MIN_LENGTH = defineParam({
  key: 'users.password.minLength',
  name: 'Minimum password length',
  type: 'integer',
  default: 8,
  min: 1,
  max: PASSWORD_MAX_LENGTH,
  description: 'In characters, for every new password (create, reset, change); passwords already set keep working.',
  // A tenant's own policy for its own users, read when they set a password.
  perTenant: true,
});

/** What is wrong with a new password's length under the current policy, or null. */
export async function passwordProblem(ctx: ModuleContext, password: string): Promise<string | null> {
  const min = await ctx.use(ParamsApi).get(PASSWORD_MIN_LENGTH);
  const length = [...password].length;
  return length < min || length > PASSWORD_MAX_LENGTH ? `must be ${min} to ${PASSWORD_MAX_LENGTH} characters` : null;
}

/**
 * 400 VALIDATION_FAILED_400 naming `field` when a new password set through the API breaks the
 * policy: its length, or a well-known password in any environment (the first an attacker tries
 * on any account, not only the administrator's).
 */
export async function checkPasswordPolicy(ctx: ModuleContext, password: string, field: string): Promise<void> {
  const details = await passwordPolicyProblems(ctx, password, field);
  if (details.length > 0) throw new AppError(KernelErrors.VALIDATION_FAILED_400, { details });
}

/** What `checkPasswordPolicy` refuses, as details naming `field`; empty when the password may be set. */
export async function passwordPolicyProblems(ctx: ModuleContext, password: string, field: string): Promise<ErrorDetail[]> {
  const problem = await passwordProblem(ctx, password);
  if (problem) return [{ field, rule: 'length', message: problem }];
  if (isWellKnownPassword(password)) return [{ field, rule: 'wellKnown', message: 'is a well-known password that attackers try first: choose another' }];
  return [];
}
