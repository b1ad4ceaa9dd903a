import type { FilterQuery } from '@mikro-orm/core';
import type { KernelAdmin } from '@atrium/kernel';
import type { Menu } from './menu.entity';

/**
 * Menus of a disabled module stay in the table (enabling it brings them back as they were) but
 * leave every answer at once: each query asks the kernel which modules are enabled right now.
 */
export function enabledModuleIds(kernel: KernelAdmin): Set<string> {
  return new Set(
    kernel
      .modules()
      .filter((m) => m.status === 'enabled')
      .map((m) => m.id),
  );
}

/** Menus made through the API, and those of enabled modules. */
export function shownWhere(kernel: KernelAdmin): FilterQuery<Menu> {
  return { $or: [{ moduleId: null }, { moduleId: { $in: [...enabledModuleIds(kernel)] } }] };
}

export function isShown(menu: Pick<Menu, 'moduleId'>, enabled: ReadonlySet<string>): boolean {
  return menu.moduleId === null || menu.moduleId === undefined || enabled.has(menu.moduleId);
}
