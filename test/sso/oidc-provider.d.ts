/** The part of oidc-provider (which ships no types) the single sign-on tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): object;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount(ctx: unknown, sub: string): Account | undefined | Promise<Account | undefined>;
    cookies?: { keys: string[] };
    pkce?: { required(): boolean };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
