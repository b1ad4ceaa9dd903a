import { defineModule, provide } from '@atrium/kernel';
import { ParamsApi } from './api';
import { BuiltinSync } from './builtin-sync';
import { ParamErrors } from './errors';
import { ParamEntity } from './param.entity';
import { ParamReader } from './param-reader';
import { createParam, deleteParam, getParam, getParamByKey, listParams, updateParam } from './params.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: ParamErrors,
  entities: [ParamEntity],
  routes: [listParams, getParamByKey, getParam, createParam, updateParam, deleteParam],
  provides: [provide(ParamsApi, (ctx) => new ParamReader(ctx))],
  setup: async (ctx) => {
    const sync = new BuiltinSync();
    await sync.start(ctx);
    return sync;
  },
  stop: (ctx) => ctx.state.stop(),
});
