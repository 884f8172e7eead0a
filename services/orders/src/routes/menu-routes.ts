import { Router } from 'express';
import type { MenuRepository } from '../data/menu-repository.js';
import { findMenuItem } from '../domain/find-menu-item.js';
import { presentMenuItem } from '../http/present.js';

/** `/menu`: public, read only. */
export function createMenuRouter(menu: MenuRepository): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    const items = await menu.list();
    res.json(items.map(presentMenuItem));
  });

  router.get('/:id', async (req, res) => {
    res.json(presentMenuItem(await findMenuItem(req.params.id, menu)));
  });

  return router;
}
