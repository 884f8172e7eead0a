import { NotFoundError } from '@repo/common';
import type { MenuItemRecord, MenuRepository } from '../data/menu-repository.js';
import { parseId } from './ids.js';

export function menuItemNotFoundMessage(idText: string): string {
  return `Menu item ${idText} not found`;
}

export async function findMenuItem(idText: string, menu: MenuRepository): Promise<MenuItemRecord> {
  const id = parseId(idText);
  const item = id === null ? null : await menu.findById(id);
  if (item === null) throw new NotFoundError(menuItemNotFoundMessage(idText));
  return item;
}
