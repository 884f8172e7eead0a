import { z } from 'zod';
import type { ObjectId } from 'mongodb';
import { BadRequestError, describeIssues, inputReader, type InputReader } from '@repo/common';
import { idCursor, objectIdSchema, pageQueryFields } from '@repo/common/mongo';
import type { OrderChanges } from '../domain/change-order.js';
import { ORDER_STATUSES, type OrderStatus, type RequestedItem } from '../domain/order.js';
import { orderNotFound } from './errors.js';

/** Most items one order may have, and most of one product: far beyond a shop's, below abuse. */
export const MAX_ORDER_ITEMS = 100;
export const MAX_ITEM_QUANTITY = 1_000_000;
export const DEFAULT_ORDER_PAGE = 20;
export const MAX_ORDER_PAGE = 100;

/** Customer ids come from another system: opaque, 1–64 characters of `[A-Za-z0-9_-]`. */
export const customerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -')
  .meta({ description: 'The customer, as the customer system names it.', example: 'cust_42' });

const itemSchema = z.object({
  productId: objectIdSchema.meta({ description: 'A product id (24 lowercase hex characters).' }),
  quantity: z
    .number()
    .int()
    .min(1)
    .max(MAX_ITEM_QUANTITY)
    .meta({ description: `How many, a whole number from 1 to ${MAX_ITEM_QUANTITY}.` }),
});

/** One to a hundred items, each product at most once. */
const itemsSchema = z
  .array(itemSchema)
  .min(1)
  .max(MAX_ORDER_ITEMS)
  .superRefine((items, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const hex = item.productId.toHexString();
      if (seen.has(hex)) {
        context.addIssue({
          code: 'custom',
          message: 'the product is already in the order',
          path: [index, 'productId'],
        });
      }
      seen.add(hex);
    });
  });

/** Other keys are dropped, as for products. */
export const newOrderSchema = z.object({ items: itemsSchema });

const statusSchema = z
  .enum(ORDER_STATUSES)
  .meta({ description: 'pending → shipped → delivered, or pending → cancelled.' });

/** A new status or new items (of a pending order), not both. */
export const orderChangesSchema = z
  .object({ status: statusSchema.optional(), items: itemsSchema.optional() })
  .refine((changes) => changes.status === undefined || changes.items === undefined, {
    message: 'send status or items, not both',
  });

export const orderCursor = idCursor('o1.');

export const orderListQuerySchema = z.object({
  status: statusSchema.optional(),
  ...pageQueryFields(orderCursor, {
    max: MAX_ORDER_PAGE,
    fallback: DEFAULT_ORDER_PAGE,
    of: 'orders',
  }),
});

export interface OrderListQuery {
  status?: OrderStatus | undefined;
  limit: number;
  after?: ObjectId | undefined;
}

/** Every problem zod found, each with where it is, in one message. */
function listProblems(error: z.ZodError): BadRequestError {
  return new BadRequestError(describeIssues(error).join('; '));
}

export function badCustomerId(): BadRequestError {
  return new BadRequestError('customer id must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -');
}

export const readCustomerId = inputReader(customerIdSchema, badCustomerId);

export const readOrderId = inputReader(objectIdSchema, (_error, id) => orderNotFound(String(id)));

export const readNewOrder: InputReader<{ items: RequestedItem[] }> = inputReader(
  newOrderSchema,
  listProblems,
);

export const readOrderChanges: InputReader<OrderChanges> = inputReader(
  orderChangesSchema,
  listProblems,
);

export const readOrderListQuery: InputReader<OrderListQuery> = inputReader(
  orderListQuerySchema.transform((query) => ({
    ...query,
    limit: query.limit ?? DEFAULT_ORDER_PAGE,
  })),
  listProblems,
);
