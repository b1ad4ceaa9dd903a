/** The codes the providers API checks (modules/sso/README.md), which hide the buttons behind them. */
export const PROVIDER_PERMISSIONS = {
  add: 'sso:provider:add',
  edit: 'sso:provider:edit',
  remove: 'sso:provider:remove',
  roles: 'system:role:list',
} as const;

/** The collection under /api/v1. */
export const PROVIDERS = 'sso/providers';

/** How an identity linked to nobody finds its user (the API's `linkBy`). */
export const LINK_BY = ['email', 'username', 'none'] as const;

/** A provider as the list and the item answer it: the client secret is never in it. */
export interface Provider {
  id: string;
  name: string;
  displayName: string;
  issuer: string;
  clientId: string;
  usernameClaim: string;
  emailClaim: string;
  linkBy: (typeof LINK_BY)[number];
  defaultRoleId: string | null;
  jit: boolean;
  enabled: boolean;
  version: number;
}
