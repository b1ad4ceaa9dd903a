import { DEFAULT_TENANT_ID, DeclaredRowsSync, raw, runAsPlatform, type EntityManager, type ModuleContext } from '@atrium/kernel';
import type { BuiltinDictionary } from './api';
import { declaredDictionaries, normalCode } from './declared-dictionaries';
import { DictionaryItemEntity } from './dictionary-item.entity';
import { DictionaryTypeEntity } from './dictionary-type.entity';
import { ItemCache } from './item-cache';

/** The running sync: stopped with the module. */
export interface BuiltinDictionariesSync {
  stop(): void;
}

/**
 * Keeps the built-in dictionaries in step with what the enabled modules declare, now and after
 * every module change. Only the platform's (the default tenant's) are touched: a missing one is
 * created, active, with its items; one of a declared code (an operator's made first included)
 * becomes built-in and takes the declared names. Items are created when their value is missing
 * and otherwise left alone: labels, order, status and default are the operators' once the item
 * exists, so an edit survives every restart and module change. Nothing is ever deleted; a
 * dictionary whose module is disabled stays as it is, still built-in. A tenant's own dictionary
 * of a built-in code is its own and stays untouched. A malformed declaration stops the start,
 * after the well-formed ones are synced; on a later change it is logged.
 *
 * It runs as the platform, whoever triggers it: a module change asked for by an administrator
 * acting inside a tenant must still create the built-ins in the default tenant.
 */
export async function startBuiltinDictionariesSync(ctx: ModuleContext): Promise<BuiltinDictionariesSync> {
  // The codes the last run changed, whose cached items it drops once its transaction committed.
  let changed = new Set<string>();
  const sync = new DeclaredRowsSync(
    'built-in dictionaries',
    (em) => {
      changed = new Set();
      return apply(em, [...declaredDictionaries(ctx).byCode.values()], changed);
    },
    () => {
      const { problems } = declaredDictionaries(ctx);
      if (problems.length > 0) throw new Error(`modules declare built-in dictionaries that cannot be used:\n  ${problems.join('\n  ')}`);
    },
  );
  const run = () =>
    runAsPlatform(async () => {
      try {
        await sync.run(ctx);
      } finally {
        if (changed.size > 0) await new ItemCache(ctx).forget(DEFAULT_TENANT_ID, ...changed);
      }
    });
  await run();
  const stop = ctx.kernel.modules.onChange(async () => {
    await run().catch((error: unknown) => ctx.log.error({ err: error }, 'built-in dictionaries sync failed'));
  });
  return { stop };
}

async function apply(em: EntityManager, declared: readonly BuiltinDictionary[], changed: Set<string>): Promise<void> {
  if (declared.length === 0) return;
  const existing = await em.find(DictionaryTypeEntity, {
    tenantId: DEFAULT_TENANT_ID,
    [raw('lower(code)')]: { $in: declared.map((dictionary) => normalCode(dictionary.code)) },
  });
  const byCode = new Map(existing.map((type) => [normalCode(type.code), type]));
  const created = new Set<string>();
  for (const dictionary of declared) {
    const names = { en: dictionary.name.en, zh: dictionary.name.zh };
    const type = byCode.get(normalCode(dictionary.code));
    if (!type) {
      const row = em.create(DictionaryTypeEntity, {
        tenantId: DEFAULT_TENANT_ID,
        code: dictionary.code,
        name: names.en,
        names,
        builtin: true,
        status: 'active',
        remark: null,
      });
      byCode.set(normalCode(dictionary.code), row);
      created.add(dictionary.code);
    } else if (!type.builtin || type.name !== names.en || type.names.en !== names.en || type.names.zh !== names.zh) {
      em.assign(type, { builtin: true, name: names.en, names });
      changed.add(dictionary.code);
    }
  }
  // The dictionaries first: an item's key names its dictionary, which the ORM does not know as a relation.
  await em.flush();
  const present = await presentValues(
    em,
    [...byCode.values()].filter((type) => !created.has(type.code)).map((type) => type.id),
  );
  for (const dictionary of declared) {
    const type = byCode.get(normalCode(dictionary.code))!;
    if (addItems(em, type.id, dictionary, present.get(type.id) ?? new Set()) || created.has(dictionary.code)) changed.add(dictionary.code);
  }
  await em.flush();
}

/** The item values each dictionary holds, read in one query however many there are. */
async function presentValues(em: EntityManager, typeIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const byType = new Map<string, Set<string>>();
  if (typeIds.length === 0) return byType;
  const items = await em.find(DictionaryItemEntity, { typeId: { $in: [...typeIds] } }, { fields: ['typeId', 'value'] });
  for (const item of items) {
    let values = byType.get(item.typeId);
    if (!values) byType.set(item.typeId, (values = new Set()));
    values.add(item.value);
  }
  return byType;
}

/** Creates the declared items whose value is not `present`; whether it created any. */
function addItems(em: EntityManager, typeId: string, dictionary: BuiltinDictionary, present: ReadonlySet<string>): boolean {
  const missing = dictionary.items.map((item, index) => ({ item, index })).filter(({ item }) => !present.has(item.value));
  for (const { item, index } of missing) {
    em.create(DictionaryItemEntity, {
      tenantId: DEFAULT_TENANT_ID,
      typeId,
      label: item.labels.en,
      labels: { en: item.labels.en, zh: item.labels.zh },
      value: item.value,
      // By default the declaration's order, spaced so an operator can slot items in between.
      sort: item.sort ?? (index + 1) * 10,
      status: 'active',
      isDefault: item.isDefault ?? false,
      remark: null,
    });
  }
  return missing.length > 0;
}
