import type * as Oidc from 'openid-client';
import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';
import { clientSecretBox } from './client-secret';
import { SsoErrors } from './errors';
import type { Provider } from './provider.entity';

/** Discovered configurations, by provider and version: an edited provider is discovered afresh. */
const discovered = new Map<string, Promise<Oidc.Configuration>>();

/** openid-client, loaded with the first single sign-on rather than at every boot. */
export function openIdClient(): Promise<typeof Oidc> {
  return import('openid-client');
}

/**
 * The provider's configuration as openid-client needs it: its discovery document, read from the
 * issuer (whose `issuer` must be exactly the one configured, or it is refused), and the client's
 * credentials. Plain http is allowed outside production only (a provider on a developer's machine).
 */
export function providerConfiguration(ctx: ModuleContext, provider: Provider): Promise<Oidc.Configuration> {
  const key = `${provider.id}:${provider.version}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const secret = clientSecretBox(ctx).open(provider.clientSecretSealed);
    const insecure = !ctx.environment.production && provider.issuer.startsWith('http:');
    configuration = openIdClient().then((oidc) =>
      oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretPost(secret), {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      }),
    );
    discovered.set(key, configuration);
    // A failure is not kept: the next sign-in asks the provider again.
    configuration.catch(() => discovered.delete(key));
  }
  return configuration.catch((error: unknown) => {
    throw discoveryFailure(error, provider.issuer);
  });
}

function discoveryFailure(error: unknown, issuer: string): AppError {
  const message = error instanceof Error ? error.message : String(error);
  // fetch failing to connect is the provider being away; anything it answered and was refused is a refusal.
  if (error instanceof TypeError) {
    return new AppError(KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503, { details: [{ message: `the identity provider ${issuer} did not answer` }] });
  }
  return new AppError(SsoErrors.AUTH_SSO_REJECTED_401, { details: [{ rule: 'discovery', message: `discovery of ${issuer}: ${message}` }] });
}
