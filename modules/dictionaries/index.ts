import { defineModule, provide } from '@atrium/kernel';
import { DictionariesApi } from './api';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryReader } from './dictionary-reader';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { DictionaryErrors } from './errors';
import { dictionaryItems } from './item.resource';
import { listItems } from './items.routes';
import { dictionaryTypes } from './type.resource';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: DictionaryErrors,
  entities: [DictionaryTypeEntity, DictionaryItemEntity],
  routes: [...dictionaryTypes.routes, listItems, ...dictionaryItems.routes],
  provides: [provide(DictionariesApi, (ctx) => new DictionaryReader(ctx))],
});
