import { AppError, runInTenant, type ModuleContext } from '@atrium/kernel';
import { TenantDirectoryApi } from '@atrium/module/tenants';
import { UserDirectoryApi, type UserIdentity } from '@atrium/module/users';
import { AuthErrors } from '../errors';
import { LoginService, type Client, type TokenPair } from '../login.service';
import { MfaChallenges, type ChallengePurpose, type MfaChallenge } from './mfa-challenges';
import { TwoFactor, type TotpEnrolment } from './two-factor';

/**
 * The second step of a login whose password was right: the mfaToken it answered, with a code
 * (POST /auth/mfa), or, when a role requires two-factor and the user has none, with an enrolment
 * (POST /auth/mfa/totp, then …/confirm). Everything happens in the tenant the token was issued
 * in, to the user it was issued to; the token is spent by the login it completes.
 */
export class MfaLogin {
  private readonly challenges: MfaChallenges;

  constructor(private readonly ctx: ModuleContext) {
    this.challenges = new MfaChallenges(ctx.db);
  }

  /** Completes a login with a code of the user's authenticator or a recovery code. */
  async complete(mfaToken: string, code: string, client: Client): Promise<TokenPair> {
    const challenge = await this.live(mfaToken);
    if (challenge.purpose === 'enrol') {
      throw new AppError(AuthErrors.AUTH_MFA_ENROLMENT_REQUIRED_403, {
        details: [{ field: '/body/mfaToken', rule: 'enrol', message: 'set two-factor up with POST /auth/mfa/totp and POST /auth/mfa/totp/confirm' }],
      });
    }
    return this.inTenant(challenge, async (user) => {
      try {
        await new TwoFactor(this.ctx).verify(user.id, code, client.ip, AuthErrors.AUTH_MFA_CODE_INVALID_401);
      } catch (error) {
        if (error instanceof AppError && error.definition === AuthErrors.AUTH_MFA_CODE_INVALID_401) {
          const seen = { username: user.username, tenantId: challenge.tenantId, userId: user.id, ...client, at: new Date() };
          await new LoginService(this.ctx).observe({ ...seen, success: false, reason: 'invalid_code' });
        }
        throw error;
      }
      return this.finish(challenge, user, client);
    });
  }

  /** Starts the enrolment a role requires, with the enrol-only token of the login. */
  beginEnrolment(mfaToken: string): Promise<TotpEnrolment> {
    return this.enrolling(mfaToken, (challenge, user) => new TwoFactor(this.ctx).beginEnrolment(user.id, user.username));
  }

  /** Turns the enrolment on and completes the login: its tokens and the recovery codes, shown once. */
  confirmEnrolment(mfaToken: string, code: string, client: Client): Promise<TokenPair & { recoveryCodes: string[] }> {
    return this.enrolling(mfaToken, async (challenge, user) => {
      const recoveryCodes = await new TwoFactor(this.ctx).confirmEnrolment(user.id, code, client.ip, AuthErrors.AUTH_MFA_CODE_INVALID_401);
      return { ...(await this.finish(challenge, user, client)), recoveryCodes };
    });
  }

  private async enrolling<T>(mfaToken: string, work: (challenge: MfaChallenge, user: UserIdentity) => Promise<T>): Promise<T> {
    const challenge = await this.live(mfaToken, 'enrol');
    return this.inTenant(challenge, (user) => work(challenge, user));
  }

  /** The live challenge of the token (of `purpose` when given), or 401 AUTH_MFA_TOKEN_INVALID_401. */
  private async live(mfaToken: string, purpose?: ChallengePurpose): Promise<MfaChallenge> {
    const challenge = await this.challenges.find(mfaToken);
    if (!challenge || (purpose && challenge.purpose !== purpose)) throw tokenInvalid();
    return challenge;
  }

  /**
   * Runs `work` in the challenge's tenant for its user, who must still be active in a usable
   * tenant: what changed since the password was checked counts.
   */
  private async inTenant<T>(challenge: MfaChallenge, work: (user: UserIdentity) => Promise<T>): Promise<T> {
    const tenant = await this.ctx.use(TenantDirectoryApi).byId(challenge.tenantId);
    if (!tenant?.usable) throw new AppError(AuthErrors.AUTH_TENANT_DISABLED_401);
    return runInTenant(challenge.tenantId, async () => {
      const user = await this.ctx.use(UserDirectoryApi).identity(challenge.userId);
      if (!user) throw tokenInvalid();
      if (user.status !== 'active') throw new AppError(AuthErrors.AUTH_ACCOUNT_DISABLED_401);
      return work(user);
    });
  }

  /** Spends the token (one request wins a race) and opens the session. */
  private async finish(challenge: MfaChallenge, user: UserIdentity, client: Client): Promise<TokenPair> {
    if (!(await this.challenges.spend(challenge.id))) throw tokenInvalid();
    return new LoginService(this.ctx).signIn(user, challenge.tenantId, client);
  }
}

function tokenInvalid(): AppError {
  return new AppError(AuthErrors.AUTH_MFA_TOKEN_INVALID_401, {
    details: [{ field: '/body/mfaToken', rule: 'mfaToken', message: 'is unknown, expired or already used: log in again' }],
  });
}
