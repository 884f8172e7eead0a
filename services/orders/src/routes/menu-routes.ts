import { z } from 'zod';
import { errorResponse, jsonResponse, notModifiedResponse, type Route } from '@repo/common';
import type { AppDeps } from '../app.js';
import { menuItemNotFound } from '../http/errors.js';
import { presentMenuItem } from '../http/menu-item-presenter.js';
import { menuQuerySchema, readMenuItemId, readMenuQuery } from '../http/menu-item-schemas.js';
import { badRequest, bodyFailures, hexId, idParams, malformedJson } from '../http/responses.js';

export const MENU_ITEM_ID = '000000000000000000000002';

const pricedOption = z
  .strictObject({
    name: z.string(),
    price: z.number().int().min(0).meta({ description: 'Whole cents: 850 is 8.50.' }),
  })
  .meta({ id: 'PricedOption' });

/** What `presentMenuItem` answers. */
const menuItemSchema = z
  .strictObject({
    id: hexId,
    name: z.string(),
    category: z.string().meta({ description: '`pizza`, `side` or `drink` on the default menu.' }),
    description: z.string(),
    sizes: z
      .array(pricedOption)
      .min(1)
      .meta({ description: 'The first is the default; one size when there is no choice.' }),
    crusts: z
      .array(z.string())
      .meta({ description: 'The first is the default; empty for items that are not pizzas.' }),
    toppings: z.array(pricedOption).meta({ description: 'Each adds its price to a unit.' }),
  })
  .meta({ id: 'MenuItem' });

const menuItemExample = {
  id: MENU_ITEM_ID,
  name: 'Pepperoni',
  category: 'pizza',
  description: 'Tomato, mozzarella and spicy pepperoni.',
  sizes: [
    { name: 'small', price: 1050 },
    { name: 'medium', price: 1350 },
    { name: 'large', price: 1650 },
  ],
  crusts: ['classic', 'thin', 'stuffed'],
  toppings: [
    { name: 'extra mozzarella', price: 150 },
    { name: 'jalapeños', price: 100 },
  ],
};

/** `/menu`: public (no token, an `Authorization` header is ignored) and read only. */
export const menuRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/menu',
    summary: 'The menu',
    description:
      'Every menu item, or those of one category, ordered by name. Public. An unknown category lists nothing.',
    request: { query: menuQuerySchema },
    responses: {
      200: jsonResponse('The menu.', z.array(menuItemSchema), [menuItemExample]),
      304: notModifiedResponse,
      400: badRequest('`category` given more than once', ['category must be given once, as text']),
      ...bodyFailures,
    },
    async handle(req, res, { menu }) {
      const { category } = readMenuQuery(req.query);
      res.json((await menu.list(category)).map(presentMenuItem));
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
    async handle(req, res, { menu }) {
      const item = await menu.findById(readMenuItemId(req.params.id));
      if (item === null) throw menuItemNotFound(req.params.id ?? '');
      res.json(presentMenuItem(item));
    },
  },
];
