/**
 * Rows read by SQL, as the ORM's properties would hold them, without building entities: the
 * ORM's own result mapper (columns to properties, dates, booleans) and each property's custom
 * type (bigint, decimal, json, an entity's own). A list's page read this way costs a fraction of
 * em.find, whose hydration, identity map and change tracking a read-only page never uses
 * (measured in bench/generator.bench.ts).
 */
import { Utils, type EntityName, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

const converted = new WeakMap<object, EntityProperty[]>();

export function plainRows<T extends object>(em: EntityManager, entityName: EntityName<T>, raw: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const className = Utils.className(entityName);
  const comparator = em.getComparator();
  const platform = em.getPlatform();
  const custom = customTypedProperties(em, className);
  return raw.map((row) => {
    const mapped = comparator.mapResult<T>(className, row as never) as Record<string, unknown>;
    for (const prop of custom) {
      const value = mapped[prop.name];
      if (value !== null && value !== undefined) mapped[prop.name] = prop.customType!.convertToJSValue(value, platform);
    }
    return mapped;
  });
}

function customTypedProperties(em: EntityManager, className: string): EntityProperty[] {
  const meta = em.getMetadata().get(className);
  let props = converted.get(meta);
  if (!props) converted.set(meta, (props = meta.props.filter((prop) => prop.customType && prop.fieldNames?.length === 1 && prop.persist !== false)));
  return props;
}
