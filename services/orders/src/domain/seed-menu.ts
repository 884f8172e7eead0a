import type { MenuRepository } from '../data/menu-repository.js';
import type { MenuItemRecord } from './menu-item.js';
import { DEFAULT_MENU } from './default-menu.js';

/**
 * Stores the default menu when the menu is empty; a menu that has any item is left alone, so
 * items the shop removed are not brought back on the next start. Items an earlier version stored
 * in an earlier shape are removed first (the service has no route that writes the menu, so they
 * can only come from an earlier seed). Safe to run twice and from two processes at once (see
 * DEFAULT_MENU). Returns how many items this call inserted.
 */
export async function seedDefaultMenu(
  menu: MenuRepository,
  items: readonly MenuItemRecord[] = DEFAULT_MENU,
): Promise<number> {
  await menu.removeOutdated();
  if (!(await menu.isEmpty())) return 0;
  return menu.createMissing(items);
}
