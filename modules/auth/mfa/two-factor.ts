import { AppError, recordChange, type ErrorDefinition, type ModuleContext } from '@atrium/kernel';
import { ParamsApi } from '@atrium/module/params';
import { RoleDirectoryApi } from '@atrium/module/roles';
import type { UserIdentity } from '@atrium/module/users';
import { authRuntime } from '../auth-runtime';
import { AuthErrors } from '../errors';
import type { LoginLimiter } from '../login-limiter';
import { MfaChallenges, type ChallengePurpose } from './mfa-challenges';
import { MFA_TOKEN_TTL_SECONDS, rolesRequiringMfa } from './mfa-settings';
import { looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { TotpFactors, type TotpFactor } from './totp-factors';
import { totpSecretBox } from './totp-secret-box';
import { newTotpSecret, totpStep, totpUri } from './totp';

/** What authenticator apps show above the account's codes. */
const ISSUER = 'Atrium';

/** What a login answers instead of tokens when a second factor is due. */
export type SecondFactorDue = { mfaRequired: true; mfaToken: string } | { mfaEnrolmentRequired: true; mfaToken: string };

/** An enrolment begun: shown once, never again. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The URI as a QR code: a `data:image/png;base64,…` URL. */
  qrCode: string;
}

/**
 * Two-factor sign-in with TOTP, in the current tenant: enrolment, the check of a code (an
 * authenticator's, or a recovery code, each accepted once), and whether a login needs one. Every
 * code check is counted by the login limiter, under the account's second factor and the client
 * address, like a password.
 */
export class TwoFactor {
  private readonly factors: TotpFactors;
  private readonly challenges: MfaChallenges;
  private readonly limiter: LoginLimiter;

  constructor(private readonly ctx: ModuleContext) {
    this.factors = new TotpFactors(ctx.db, totpSecretBox(ctx));
    this.challenges = new MfaChallenges(ctx.db);
    this.limiter = authRuntime(ctx).limiter;
  }

  /**
   * After a right password: null when the login may go on, else the mfaToken to answer (to give
   * the code, or to enrol first when one of the user's active roles requires a second factor).
   */
  async due(user: UserIdentity): Promise<SecondFactorDue | null> {
    const factor = await this.factors.find(user.id);
    if (factor?.enabledAt) return { mfaRequired: true, mfaToken: await this.challenge(user.id, 'verify') };
    if (!(await this.roleRequiresIt(user))) return null;
    return { mfaEnrolmentRequired: true, mfaToken: await this.challenge(user.id, 'enrol') };
  }

  /** Starts an enrolment: a new secret, its URI and QR code. 409 when two-factor is on already. */
  async beginEnrolment(userId: string, account: string): Promise<TotpEnrolment> {
    const factor = await this.factors.find(userId);
    if (factor?.enabledAt) throw new AppError(AuthErrors.AUTH_MFA_ALREADY_ENABLED_409);
    const secret = newTotpSecret();
    await this.factors.begin(userId, secret);
    const uri = totpUri(secret, ISSUER, account);
    // Loaded with the first enrolment, not at boot.
    const { default: QRCode } = await import('qrcode');
    return { secret, uri, qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
  }

  /**
   * Turns the pending enrolment on with a code of its secret; answers the recovery codes, shown
   * this once. 409 without a pending enrolment; `invalid` for a wrong code.
   */
  async confirmEnrolment(userId: string, code: string, ip: string, invalid: ErrorDefinition): Promise<string[]> {
    const factor = await this.factors.find(userId);
    if (!factor || factor.enabledAt) throw new AppError(AuthErrors.AUTH_MFA_NOT_ENROLLING_409);
    const attempt = await this.limiter.begin(limiterAccount(userId), ip);
    const step = this.stepOf(factor, code.trim());
    if (step === null) throw wrongCode(invalid);
    const recoveryCodes = newRecoveryCodes();
    if (!(await this.factors.enable(userId, step, recoveryCodes))) throw new AppError(AuthErrors.AUTH_MFA_NOT_ENROLLING_409);
    await attempt.succeeded();
    recordChange({ resource: 'two-factor', id: userId, action: 'create', after: { method: 'totp' } });
    this.ctx.log.info({ userId }, 'two-factor sign-in turned on');
    return recoveryCodes;
  }

  /** Checks a code of the user's factor (spent when right), or throws `invalid`. */
  async verify(userId: string, code: string, ip: string, invalid: ErrorDefinition): Promise<void> {
    const attempt = await this.limiter.begin(limiterAccount(userId), ip);
    if (!(await this.spendCode(userId, code.trim()))) throw wrongCode(invalid);
    await attempt.succeeded();
  }

  /** Turns two-factor off after a code or recovery code of it. 409 when it is not on. */
  async disable(userId: string, code: string, ip: string): Promise<void> {
    const factor = await this.factors.find(userId);
    if (!factor?.enabledAt) throw new AppError(AuthErrors.AUTH_MFA_NOT_ENABLED_409);
    await this.verify(userId, code, ip, AuthErrors.AUTH_MFA_CODE_INVALID_400);
    await this.factors.remove(userId);
    recordChange({ resource: 'two-factor', id: userId, action: 'delete', before: { method: 'totp' } });
    this.ctx.log.info({ userId }, 'two-factor sign-in turned off');
  }

  /** An administrator's reset: the user's factor and recovery codes go. 409 when there were none. */
  async reset(userId: string): Promise<void> {
    if (!(await this.factors.remove(userId))) throw new AppError(AuthErrors.AUTH_MFA_NOT_ENABLED_409);
    recordChange({ resource: 'two-factor', id: userId, action: 'delete', before: { method: 'totp' } });
    this.ctx.log.info({ userId }, 'two-factor sign-in reset by an administrator');
  }

  /** A deleted user's factor, recovery codes and pending mfaTokens go with them. */
  async forget(userId: string): Promise<void> {
    await this.factors.remove(userId);
    await this.challenges.removeAllOf(userId);
  }

  /** Whether the user has turned two-factor on. */
  async enabled(userId: string): Promise<boolean> {
    return (await this.factors.find(userId))?.enabledAt != null;
  }

  private async spendCode(userId: string, code: string): Promise<boolean> {
    if (looksLikeRecoveryCode(code)) return this.factors.spendRecoveryCode(userId, code);
    const factor = await this.factors.find(userId);
    if (!factor?.enabledAt) return false;
    const step = this.stepOf(factor, code);
    return step !== null && (await this.factors.spendStep(userId, step));
  }

  /**
   * The step of a code of the factor. A secret that cannot be opened (ENCRYPTION_KEY changed)
   * makes no code right, as a 401 rather than a 500: the user still has their recovery codes, and
   * the operator is told why.
   */
  private stepOf(factor: TotpFactor, code: string): number | null {
    if (factor.secret === null) {
      this.ctx.log.error(
        { userId: factor.userId },
        "an authenticator secret cannot be opened with this server's key: was ENCRYPTION_KEY changed? (a recovery code, or an administrator's reset, lets the user in)",
      );
      return null;
    }
    return totpStep(factor.secret, code);
  }

  private async challenge(userId: string, purpose: ChallengePurpose): Promise<string> {
    const ttl = await this.ctx.use(ParamsApi).get(MFA_TOKEN_TTL_SECONDS);
    return this.challenges.issue(userId, purpose, ttl);
  }

  private async roleRequiresIt(user: UserIdentity): Promise<boolean> {
    const required = await rolesRequiringMfa(this.ctx.use(ParamsApi));
    if (required.size === 0) return false;
    const grants = await this.ctx.use(RoleDirectoryApi).grantsOf(user.roleIds);
    return grants.some((grant) => required.has(grant.code.toLowerCase()));
  }
}

/** The limiter's account for second-factor attempts: the user, apart from their password's count. */
function limiterAccount(userId: string): string {
  return `mfa\u0000${userId}`;
}

function wrongCode(invalid: ErrorDefinition): AppError {
  return new AppError(invalid, { details: [{ field: '/body/code', rule: 'code', message: 'is not a current code or an unused recovery code' }] });
}
