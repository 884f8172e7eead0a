import type { MenuRepository } from '../data/menu-repository.js';
import { DEFAULT_MENU } from './default-menu.js';

/**
 * Stores the default menu when the menu is empty, so items the shop removed are not brought back.
 * Items in an earlier shape can only come from an earlier seed (no route writes the menu), so
 * they go first. Safe from two processes at once (see DEFAULT_MENU). Returns how many it inserted.
 */
export async function seedDefaultMenu(menu: MenuRepository): Promise<number> {
  await menu.removeOutdated();
  if (!(await menu.isEmpty())) return 0;
  return menu.createMissing(DEFAULT_MENU);
}
