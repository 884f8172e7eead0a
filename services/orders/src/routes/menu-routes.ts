import type { Express } from 'express';
import type { AppDeps } from '../app.js';
import { menuItemNotFound } from '../http/errors.js';
import { presentMenuItem } from '../http/menu-item-presenter.js';
import { readMenuItemId } from '../http/menu-item-schemas.js';

/** `/menu`: public (no token, an `Authorization` header is ignored) and read only. */
export function registerMenuRoutes(app: Express, { menu }: AppDeps): void {
  app.get('/menu', async (_req, res) => {
    res.json((await menu.list()).map(presentMenuItem));
  });

  app.get('/menu/:id', async (req, res) => {
    const item = await menu.findById(readMenuItemId(req.params.id));
    if (item === null) throw menuItemNotFound(req.params.id);
    res.json(presentMenuItem(item));
  });
}
