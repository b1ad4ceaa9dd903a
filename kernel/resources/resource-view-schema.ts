import { Type, type TProperties } from '@sinclair/typebox';
import { named } from '../http/schema-name';

/**
 * The named view schema of a resource's row: the id, the resource's own fields, then the
 * optimistic version and the timestamps every resource table has (resourceColumns), in that order.
 */
export function resourceViewSchema<P extends TProperties>(name: string, fields: P) {
  return named(
    name,
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      ...fields,
      version: Type.Integer({ minimum: 1 }),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
    }),
  );
}
