import { z } from 'zod';
import {
  createApiDocument,
  errorBodySchema,
  errorResponse,
  fixedErrorResponse,
  jsonResponse,
  notModifiedResponse,
  objectIdSchema,
  type ApiDocument,
  type ApiRoute,
} from '@repo/common';
import { ORDER_STATUSES } from '../domain/order-status.js';
import { PAGE_NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE, TOKEN_REJECTED_MESSAGE } from './errors.js';
import { newOrderSchema, STATUS_PROBLEM, statusChangeSchema } from './order-schemas.js';

const MENU_ITEM_ID = '000000000000000000000002';
const ORDER_ID = '6b0133863aff49b5acaf9240';

/** The security schemes: customers place and read orders, staff move them. */
const CUSTOMER = 'customerToken';
const STAFF = 'staffToken';

const hexId = z.string().regex(/^[0-9a-f]{24}$/);

function idParams(what: string, example: string) {
  return z.object({
    id: objectIdSchema.meta({
      description: `The ${what} id: 24 lowercase hex characters. Any other text names no ${what} (404).`,
      example,
    }),
  });
}

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

/** What `presentOrder` answers. */
const orderSchema = z
  .strictObject({
    id: hexId,
    customerName: z.string(),
    items: z.array(z.strictObject({ menuItemId: z.string(), toppings: z.array(z.string()) })),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.iso.datetime().meta({ description: 'When the order was accepted, ISO 8601 UTC.' }),
  })
  .meta({ id: 'Order' });

const orderExample = {
  id: ORDER_ID,
  customerName: 'Ada',
  items: [{ menuItemId: MENU_ITEM_ID, toppings: ['onions'] }],
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
};

const jsonBody = (schema: z.ZodType, example: unknown) => ({
  required: true,
  content: { 'application/json': { schema, example } },
});

const validationBody = z.strictObject({ errors: z.array(z.string()) }).meta({ id: 'Problems' });

/** A 400: the validation problems, or the parser's message for a malformed JSON body. */
function badRequest(description: string, example: string[]) {
  return jsonResponse(
    `${description}; or the body is malformed JSON (\`{ error: <parser message> }\`).`,
    z.union([validationBody, errorBodySchema]),
    { errors: example },
  );
}

const malformedJson = errorResponse(
  'The body is malformed JSON (the parser message).',
  "Expected property name or '}' in JSON at position 1",
);
const unauthorized = jsonResponse(
  'The Authorization header is not exactly `Bearer <token>` with the right token.',
  z.strictObject({ Error: z.literal(TOKEN_REJECTED_MESSAGE) }),
  { Error: TOKEN_REJECTED_MESSAGE },
);
const bodyFailures = {
  413: fixedErrorResponse('The body is over 100kb.', 'request entity too large'),
  415: errorResponse(
    'The JSON body is in an unsupported charset or encoding.',
    'unsupported charset "LATIN1"',
  ),
  500: fixedErrorResponse('Anything else (logged, never shown).', SERVER_ERROR_MESSAGE),
};
const orderNotFound = errorResponse('No order has the id.', `Order ${ORDER_ID} not found`);

const routes: ApiRoute[] = [
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
  },
  {
    method: 'post',
    path: '/orders',
    summary: 'Place an order',
    description:
      'The token is checked before the body; every problem of the body is reported at once.',
    security: [{ [CUSTOMER]: [] }],
    request: {
      body: jsonBody(newOrderSchema, {
        customerName: 'Ada',
        items: [{ menuItemId: MENU_ITEM_ID, toppings: ['onions'] }],
      }),
    },
    responses: {
      201: jsonResponse('The order, pending.', orderSchema, orderExample),
      400: badRequest('Every problem found', [
        'customerName must be a non-empty string',
        'pineapple is not offered on Pepperoni.',
        'x is not on the menu',
      ]),
      401: unauthorized,
      ...bodyFailures,
    },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    summary: 'Read an order',
    security: [{ [CUSTOMER]: [] }],
    request: { params: idParams('order', ORDER_ID) },
    responses: {
      200: jsonResponse('The order.', orderSchema, orderExample),
      304: notModifiedResponse,
      400: malformedJson,
      401: unauthorized,
      404: orderNotFound,
      ...bodyFailures,
    },
  },
  {
    method: 'patch',
    path: '/orders/{id}',
    summary: 'Move an order to its next status',
    description: `Orders move only forward, one step at a time: ${ORDER_STATUSES.join(' → ')}. Checked in order: token, body, order, move.`,
    security: [{ [STAFF]: [] }],
    request: {
      params: idParams('order', ORDER_ID),
      body: jsonBody(statusChangeSchema, { status: 'in-progress' }),
    },
    responses: {
      200: jsonResponse('The order with its new status.', orderSchema, {
        ...orderExample,
        status: 'in-progress',
      }),
      400: badRequest('`status` is not one of the three', [STATUS_PROBLEM]),
      401: unauthorized,
      404: orderNotFound,
      409: errorResponse(
        'The move is not the next step.',
        `Order ${ORDER_ID} is pending and cannot move to completed; orders move only forward: ${ORDER_STATUSES.join(' -> ')}`,
      ),
      ...bodyFailures,
    },
  },
];

/** The orders API as OpenAPI 3.1, from the zod schemas its routes read requests with. */
export function apiDocument(): ApiDocument {
  return createApiDocument({
    service: 'orders',
    version: '1.0.0',
    summary:
      'A pizza shop: a public menu under `/menu` and customer orders under `/orders`, stored in MongoDB (specification document 2).',
    routes,
    bearerSchemes: {
      [CUSTOMER]: {
        description:
          'The customer token (ORDERS_CUSTOMER_TOKEN), exactly as `Bearer <token>`: one space, nothing after it.',
      },
      [STAFF]: {
        description:
          'The staff token (ORDERS_STAFF_TOKEN), exactly as `Bearer <token>`: one space, nothing after it.',
      },
    },
    unmatchedRoute: {
      description: 'Not Found: no route matches the method and path (the catch-all).',
      mediaType: 'application/json',
      schema: z.strictObject({ error: z.literal(PAGE_NOT_FOUND_MESSAGE) }),
      example: { error: PAGE_NOT_FOUND_MESSAGE },
    },
  });
}
