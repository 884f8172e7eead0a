import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order.js';
import { MAX_ITEMS } from './order-schemas.js';
import { hexId } from './responses.js';

const cents = z.number().int().min(0).meta({ description: 'Whole cents: 850 is 8.50.' });

/** One line of `presentOrder`'s answer, priced when the order was placed. */
const orderItemSchema = z.strictObject({
  menuItemId: z.string(),
  size: z.string(),
  crust: z.string().nullable().meta({ description: 'Null for an item without crusts.' }),
  toppings: z.array(z.string()),
  quantity: z.number().int().min(1),
  unitPrice: cents.meta({ description: "The size's price plus each topping's, in cents." }),
  lineTotal: cents.meta({ description: '`unitPrice` times `quantity`, in cents.' }),
});

/**
 * What `presentOrder` answers, typed by this schema: the routes' answers and the events that
 * carry an order are described by it in both API documents.
 */
export const orderSchema = z
  .strictObject({
    id: hexId,
    customerName: z.string(),
    items: z.array(orderItemSchema).max(MAX_ITEMS),
    total: cents.meta({ description: 'The sum of the line totals, in cents.' }),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.iso.datetime().meta({ description: 'When the order was accepted, ISO 8601 UTC.' }),
  })
  .meta({ id: 'Order' });

export type OrderView = z.output<typeof orderSchema>;
