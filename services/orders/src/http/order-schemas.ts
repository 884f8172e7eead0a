import {
  BadRequestError,
  describePath,
  inputReader,
  NOT_A_JSON_OBJECT_MESSAGE,
} from '@repo/common';
import { idCursor, objectIdSchema, pageQueryFields } from '@repo/common/mongo';
import { z } from 'zod';
import type { MenuChoice, OrderRequest, RequestedItem } from '../domain/order-request.js';
import { ORDER_STATUSES } from '../domain/order.js';
import { orderNotFound, ValidationError } from './errors.js';

export const CUSTOMER_NAME_PROBLEM = 'customerName must be a non-empty string';
export const ITEMS_PROBLEM = 'items must be a non-empty array';
export const MAX_ITEMS = 50;
export const TOO_MANY_ITEMS_PROBLEM = `items must hold at most ${MAX_ITEMS} items`;
export const MAX_QUANTITY = 20;
const QUANTITY_PROBLEM = `must be a whole number from 1 to ${MAX_QUANTITY}`;
export const STATUS_PROBLEM = `status must be one of ${ORDER_STATUSES.join(', ')}`;

/** Any text but an id as the service writes them names no order: 404, never a 500. */
export const readOrderId = inputReader(objectIdSchema, (_error, input) =>
  orderNotFound(String(input)),
);

/** Only `status` is read, and it must be one of the three exactly. */
export const statusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const readStatusChange = inputReader(
  statusChangeSchema,
  () => new ValidationError([STATUS_PROBLEM]),
);

// POST /orders. A well-formed body costs one parse. A malformed one is then read item by item, so
// that its 400 lists every problem: each item's shape problems, then its menu problems
// (`placeOrder`), for which an item with a wrong shape is still read as far as it can be.

/** The body's two parts; any other key (`id`, `status`, `createdAt`, ...) is ignored. */
const orderBodySchema = z.object(
  { customerName: z.unknown().optional(), items: z.unknown().optional() },
  { error: NOT_A_JSON_OBJECT_MESSAGE },
);

type OrderBody = z.output<typeof orderBodySchema>;

/** Common's body rules refuse a body that is no JSON object before the route; here it is typed. */
const readOrderBody = inputReader(
  orderBodySchema,
  () => new BadRequestError(NOT_A_JSON_OBJECT_MESSAGE),
);

/** One item; its messages follow the item's location (`items[2].toppings[0] must be a string`). */
const orderItemSchema = z.object(
  {
    menuItemId: z.string({ error: 'must be a string' }),
    size: z
      .string({ error: 'must be a string' })
      .optional()
      .meta({ description: "One of the item's sizes; its first when absent." }),
    crust: z.string({ error: 'must be a string' }).optional().meta({
      description: "One of the item's crusts; its first when absent (none for non-pizzas).",
    }),
    toppings: z
      .array(z.string({ error: 'must be a string' }), { error: 'must be an array of strings' })
      .optional(),
    quantity: z
      .number({ error: QUANTITY_PROBLEM })
      .int({ error: QUANTITY_PROBLEM })
      .min(1, { error: QUANTITY_PROBLEM })
      .max(MAX_QUANTITY, { error: QUANTITY_PROBLEM })
      .optional()
      .meta({ description: `1 to ${MAX_QUANTITY}; 1 when absent.` }),
  },
  { error: 'must be an object with a menuItemId' },
);

/**
 * A well-formed order. Its issues come in the order the README lists them: customerName, items,
 * then item by item (menuItemId, then each topping). The name is stored as sent, spaces included.
 */
export const newOrderSchema = z.object({
  customerName: z
    .string({ error: CUSTOMER_NAME_PROBLEM })
    .refine((name) => name.trim() !== '', CUSTOMER_NAME_PROBLEM)
    .meta({ description: 'Not empty or only spaces; stored as sent.', pattern: '\\S' }),
  // A refinement, not .min(1): zod runs .min on the length of a string too, which would report
  // `"items": ""` twice.
  items: z
    .array(orderItemSchema, { error: ITEMS_PROBLEM })
    .refine((items) => items.length > 0, ITEMS_PROBLEM)
    .refine((items) => items.length <= MAX_ITEMS, TOO_MANY_ITEMS_PROBLEM)
    .meta({ minItems: 1, maxItems: MAX_ITEMS }),
});

/** What each item of a malformed order still asks of the menu, as far as it can be read. */
const menuPartsSchema = z
  .array(
    z
      .object({
        menuItemId: z.string().nullable().catch(null),
        size: z.string().optional().catch(undefined),
        crust: z.string().optional().catch(undefined),
        quantity: z.number().optional().catch(undefined),
        toppings: z
          .array(z.unknown())
          .catch([])
          .transform((entries) => entries.filter((entry) => typeof entry === 'string')),
      })
      .nullable()
      .catch(null),
  )
  .catch([]);

interface ChoiceParts {
  size?: string | undefined;
  crust?: string | undefined;
  toppings?: string[] | undefined;
  quantity?: number | undefined;
}

function menuChoice(menuItemId: string, parts: ChoiceParts): MenuChoice {
  return {
    menuItemId,
    id: objectIdSchema.safeParse(menuItemId).data ?? null,
    size: parts.size,
    crust: parts.crust,
    toppings: parts.toppings ?? [],
    quantity: parts.quantity ?? 1,
  };
}

function malformedRequest(body: OrderBody, error: z.ZodError): OrderRequest {
  const problems: string[] = [];
  const itemProblems = new Map<number, string[]>();
  for (const { path, message } of error.issues) {
    const index = path[1];
    if (typeof index !== 'number') {
      problems.push(message);
    } else {
      const ofItem = itemProblems.get(index) ?? [];
      ofItem.push(`${describePath(path)} ${message}`);
      itemProblems.set(index, ofItem);
    }
  }
  const items = menuPartsSchema.parse(body.items).map((parts, index): RequestedItem => ({
    shapeProblems: itemProblems.get(index) ?? [],
    choice: parts?.menuItemId == null ? null : menuChoice(parts.menuItemId, parts),
  }));
  return { problems, customerName: null, items };
}

/**
 * The POST /orders body with every shape problem it has; one that is no object is a 400 at once.
 */
export function readNewOrder(input: unknown): OrderRequest {
  const body = readOrderBody(input);
  const order = newOrderSchema.safeParse(body);
  if (!order.success) return malformedRequest(body, order.error);
  return {
    problems: [],
    customerName: order.data.customerName,
    items: order.data.items.map(({ menuItemId, ...parts }) => ({
      shapeProblems: [],
      choice: menuChoice(menuItemId, parts),
    })),
  };
}

export const queueCursor = idCursor('q1.');
export const MAX_QUEUE_PAGE = 100;
export const DEFAULT_QUEUE_PAGE = 20;

export const queueQuerySchema = z.object({
  status: z
    .enum(ORDER_STATUSES, { error: STATUS_PROBLEM })
    .optional()
    .meta({ description: 'Only the orders in this status; every order when absent.' }),
  ...pageQueryFields(queueCursor, {
    max: MAX_QUEUE_PAGE,
    fallback: DEFAULT_QUEUE_PAGE,
    of: 'orders',
  }),
});

/** Every problem, each with the parameter it is about, as the README's `{ errors }`. */
export const readQueueQuery = inputReader(
  queueQuerySchema.transform((query) => ({
    ...query,
    limit: query.limit ?? DEFAULT_QUEUE_PAGE,
  })),
  (error) =>
    new ValidationError(
      error.issues.map((issue) =>
        issue.message === STATUS_PROBLEM
          ? STATUS_PROBLEM
          : `${describePath(issue.path)} ${issue.message}`,
      ),
    ),
);
