import { defineModule, provide } from '@atrium/kernel';
import { ParamsApi } from './api';
import { startBuiltinParamsSync } from './builtin-sync';
import { ParamErrors } from './errors';
import { ParamEntity } from './param.entity';
import { ParamReader } from './param-reader';
import { params } from './param.resource';
import { getParamByKey } from './params.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/params': '参数设置' } },
  errors: ParamErrors,
  entities: [ParamEntity],
  routes: [getParamByKey, ...params.routes],
  provides: [provide(ParamsApi, (ctx) => new ParamReader(ctx))],
  setup: (ctx) => startBuiltinParamsSync(ctx),
  stop: (ctx) => ctx.state.stop(),
});
