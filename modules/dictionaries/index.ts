import { defineModule, provide } from '@atrium/kernel';
import { DictionariesApi } from './api';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryReader } from './dictionary-reader';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { DictionaryErrors } from './errors';
import { createItem, deleteItem, getItem, listItems, updateItem } from './items.routes';
import { createType, deleteType, getType, listTypes, updateType } from './types.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: DictionaryErrors,
  entities: [DictionaryTypeEntity, DictionaryItemEntity],
  routes: [listTypes, getType, createType, updateType, deleteType, listItems, getItem, createItem, updateItem, deleteItem],
  provides: [provide(DictionariesApi, (ctx) => new DictionaryReader(ctx))],
});
