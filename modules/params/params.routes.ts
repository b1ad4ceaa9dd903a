import { KernelErrors, defineRoute, escapeLike, notFound } from '@atrium/kernel';
import { ParamEntity } from './param.entity';
import { params } from './param.resource';
import { KeyParams, ParamSchema } from './param.schemas';

/** The one read the resource kit does not give: by key, as modules read a param. */
export const getParamByKey = defineRoute({
  method: 'GET',
  path: '/params/by-key/{key}',
  permission: 'system:config:query',
  summary: 'The param with a key (whatever its case)',
  description: 'The param whose key matches whatever its case, as modules read it; 404 when there is none.',
  params: KeyParams,
  response: ParamSchema,
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params: { key } }, ctx) => {
    const param = await ctx.db.em().findOne(ParamEntity, { key: { $ilike: escapeLike(key) } });
    if (!param) throw notFound('param', key, '/params/key');
    return params.view(param) as never;
  },
});
