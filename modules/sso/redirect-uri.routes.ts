import { KernelErrors, Type, defineRoute, named, notFound } from '@atrium/kernel';
import { redirectUri } from './browser';
import { ProviderEntity } from './provider.entity';

/**
 * The redirect URI an operator registers at the provider, made as the sign-in makes it (from
 * PUBLIC_BASE_URL, or the address this request came to), so that no client rebuilds it.
 */
export const providerRedirectUri = defineRoute({
  method: 'GET',
  path: '/sso/providers/{id}/redirect-uri',
  permission: 'sso:provider:query',
  summary: 'The redirect URI to register at a single sign-on provider',
  description:
    "The address the provider sends the browser back to, to be registered as an allowed redirect URI in the provider's client: " +
    'built from PUBLIC_BASE_URL when it is set, else from the address this request reached. 404 for an unknown provider.',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: named(
    'SsoProviderRedirectUri',
    Type.Object({ redirectUri: Type.String({ format: 'uri', description: 'Absolute: register it exactly as it is' }) }),
  ),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params, raw }, ctx) => {
    const provider = await ctx.db.em().findOne(ProviderEntity, { id: params.id });
    if (!provider) throw notFound('single sign-on provider', params.id);
    return { redirectUri: redirectUri(ctx, raw, provider.name) };
  },
});
