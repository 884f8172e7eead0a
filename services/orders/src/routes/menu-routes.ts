import type { Express } from 'express';
import type { MenuRepository } from '../data/menu-repository.js';
import { findMenuItem } from '../domain/find-menu-item.js';
import { presentMenuItem } from '../http/present.js';

/** `/menu`: public, read only. */
export function registerMenuRoutes(app: Express, menu: MenuRepository): void {
  app.get('/menu', async (_req, res) => {
    const items = await menu.list();
    res.json(items.map(presentMenuItem));
  });

  app.get('/menu/:id', async (req, res) => {
    res.json(presentMenuItem(await findMenuItem(req.params.id, menu)));
  });
}
