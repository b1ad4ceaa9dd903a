import { AppError, type ErrorDetail, type Row } from '@atrium/kernel';
import type { MenuTitleTexts } from './api';
import { MenusErrors } from './errors';
import { sameTitles } from './menu-titles';

/**
 * What the module decides for its menu, in its manifest or (`titles`) its code: the sync would
 * put any change back.
 */
const DECLARED = ['path', 'title', 'titles', 'component', 'permission', 'type'] as const;

/** A module's menu may be moved, re-sorted, hidden or given an icon; sending what it holds is no change. */
export function refuseDeclaredChange(menu: Row, change: Record<string, unknown>): void {
  if (!menu.moduleId) return;
  const locked = DECLARED.filter((field) => change[field] !== undefined && !sameValue(field, change[field], menu[field]));
  refuse(locked.map((field) => ({ field: `/body/${field}`, rule: 'locked', message: `declared by module "${String(menu.moduleId)}"` })));
}

/** A module's menu leaves with the module, never through the API. */
export function refuseDeclaredDelete(menu: Row): void {
  if (!menu.moduleId) return;
  refuse([{ field: '/params/id', rule: 'locked', message: `declared by module "${String(menu.moduleId)}": it leaves with the module` }]);
}

/** `titles` are the same texts in whatever key order; every other field is a string. */
function sameValue(field: (typeof DECLARED)[number], sent: unknown, held: unknown): boolean {
  return field === 'titles' ? sameTitles(sent as MenuTitleTexts, held as MenuTitleTexts) : sent === held;
}

function refuse(details: ErrorDetail[]): void {
  if (details.length > 0) throw new AppError(MenusErrors.SYSTEM_MENU_LOCKED_409, { details });
}
