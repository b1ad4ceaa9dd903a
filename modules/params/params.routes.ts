import { KernelErrors, defineRoute, notFound } from '@atrium/kernel';
import { params } from './param.resource';
import { paramsForKey } from './param-reader';
import { KeyParams, ParamSchema } from './param.schemas';

/** The one read the resource kit does not give: by key, as modules read a param. */
export const getParamByKey = defineRoute({
  method: 'GET',
  path: '/params/by-key/{key}',
  permission: 'system:config:query',
  summary: 'The param with a key (whatever its case) that applies in the tenant',
  description:
    'The param whose key matches whatever its case, as modules read it: the tenant’s own, else the platform’s default (`inherited: true`); 404 when there is neither.',
  params: KeyParams,
  response: ParamSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params: { key } }, ctx) => {
    const [param] = await paramsForKey(ctx.db.em(), key);
    if (!param) throw notFound('param', key, '/params/key');
    return params.view(param) as never;
  },
});
