import type { Request } from 'express';
import { Strategy } from 'passport-strategy';
import type { Principal } from './principal';

/**
 * A Passport strategy from one function, for credentials that need no protocol of their own (a
 * key in a header): `check` answers the principal, null when the request carries none of its
 * credentials, or throws a catalogued error for one it refuses.
 */
export function credentialStrategy(name: string, check: (req: Request) => Promise<Principal | null>): Strategy {
  return new CredentialStrategy(name, check);
}

class CredentialStrategy extends Strategy {
  constructor(
    readonly name: string,
    private readonly check: (req: Request) => Promise<Principal | null>,
  ) {
    super();
  }

  override authenticate(req: Request): void {
    this.check(req).then(
      (principal) => (principal ? this.success(principal) : this.fail(401)),
      (error: unknown) => this.error(error as Error),
    );
  }
}
