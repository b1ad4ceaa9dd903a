import { crudTemplate } from './crud';
import type { Template } from './generation-plan';

/** Every template the generator offers, each version its own entry. */
export const TEMPLATES: readonly Template[] = [crudTemplate];

/** The template of this id and version, or undefined. */
export function findTemplate(id: string, version: string): Template | undefined {
  return TEMPLATES.find((t) => t.id === id && t.version === version);
}
