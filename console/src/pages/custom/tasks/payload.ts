import type { FormInstance } from 'antd';
import { fieldsOf, type FieldSpec, type JsonSchema } from '../../../catalog/schema';
import { editable } from '../../field-input';

/**
 * The fields of a task type's payload schema, drawn as the catalog's forms draw a body; undefined
 * when the schema is not a closed object of fields the console can edit (`system.echo` takes
 * any object), and the payload is then typed as JSON.
 */
export function payloadFields(schema: unknown): FieldSpec[] | undefined {
  const object = schema as (JsonSchema & { additionalProperties?: unknown }) | undefined;
  if (object?.type !== 'object' || object.additionalProperties === true) return undefined;
  const fields = fieldsOf(object, {});
  return fields.length > 0 && fields.every(editable) ? fields : undefined;
}

/** A payload as the form shows it: its fields, or its JSON. */
export function payloadValues(schema: unknown, payload: unknown): Record<string, unknown> {
  return payloadFields(schema) ? { ...(payload as Record<string, unknown>) } : { json: JSON.stringify(payload ?? {}, null, 2) };
}

/** The payload the form holds, once its checks pass (a rejected promise otherwise). */
export async function readPayload(form: FormInstance, schema: unknown): Promise<unknown> {
  const values = (await form.validateFields()) as Record<string, unknown>;
  if (payloadFields(schema)) return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
  const json = String(values.json ?? '').trim();
  return json ? (JSON.parse(json) as unknown) : {};
}
