import { ValueLabelSpi, contribute, defineModule, provide } from '@atrium/kernel';
import { DictionariesApi } from './api';
import { startBuiltinDictionariesSync } from './builtin-sync';
import { commonDictionaries } from './common-dictionaries';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryReader } from './dictionary-reader';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { DictionaryErrors } from './errors';
import { dictionaryItems } from './item.resource';
import { listItems } from './items.routes';
import { dictionaryTypes } from './type.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/dictionaries': '字典管理' } },
  errors: DictionaryErrors,
  entities: [DictionaryTypeEntity, DictionaryItemEntity],
  routes: [...dictionaryTypes.routes, listItems, ...dictionaryItems.routes],
  provides: [provide(DictionariesApi, (ctx) => new DictionaryReader(ctx))],
  // The labels of coded values the kernel shows (a spreadsheet's `status` column) are the items'.
  contributes: [commonDictionaries, contribute(ValueLabelSpi, (ctx) => new DictionaryReader(ctx))],
  setup: (ctx) => startBuiltinDictionariesSync(ctx),
  stop: (ctx) => ctx.state.stop(),
});
