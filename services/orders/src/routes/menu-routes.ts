import { z } from 'zod';
import { errorResponse, jsonResponse, notModifiedResponse, type Route } from '@repo/common';
import type { AppDeps } from '../app.js';
import { menuItemNotFound } from '../http/errors.js';
import { presentMenuItem } from '../http/menu-item-presenter.js';
import { readMenuItemId } from '../http/menu-item-schemas.js';
import { bodyFailures, hexId, idParams, malformedJson } from '../http/responses.js';

export const MENU_ITEM_ID = '000000000000000000000002';

/** What `presentMenuItem` answers. */
const menuItemSchema = z
  .strictObject({
    id: hexId,
    name: z.string(),
    price: z.number().int().meta({ description: 'Whole cents: 850 is 8.50.' }),
    toppings: z.array(z.string()),
  })
  .meta({ id: 'MenuItem' });

const menuItemExample = {
  id: MENU_ITEM_ID,
  name: 'Pepperoni',
  price: 1050,
  toppings: ['extra mozzarella', 'jalapeños', 'onions', 'mushrooms'],
};

/** `/menu`: public (no token, an `Authorization` header is ignored) and read only. */
export const menuRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/menu',
    summary: 'The menu',
    description: 'Every menu item, ordered by name. Public.',
    responses: {
      200: jsonResponse('The menu.', z.array(menuItemSchema), [menuItemExample]),
      304: notModifiedResponse,
      400: malformedJson,
      ...bodyFailures,
    },
    handle:
      ({ menu }) =>
      async (_req, res) => {
        res.json((await menu.list()).map(presentMenuItem));
      },
  },
  {
    method: 'get',
    path: '/menu/{id}',
    summary: 'One menu item',
    request: { params: idParams('menu item', MENU_ITEM_ID) },
    responses: {
      200: jsonResponse('The menu item.', menuItemSchema, menuItemExample),
      304: notModifiedResponse,
      400: malformedJson,
      404: errorResponse('No menu item has the id.', `Menu item ${MENU_ITEM_ID} not found`),
      ...bodyFailures,
    },
    handle:
      ({ menu }) =>
      async (req, res) => {
        const item = await menu.findById(readMenuItemId(req.params.id));
        if (item === null) throw menuItemNotFound(req.params.id ?? '');
        res.json(presentMenuItem(item));
      },
  },
];
