import { z } from 'zod';
import { EVENT_ID, type OrderEventType } from '../domain/order-event.js';
import type { OrderStatus } from '../domain/order.js';
import { orderSchema } from './order-view-schema.js';
import { hexId } from './responses.js';

const at = z.iso.datetime().meta({ description: 'When the change was made, ISO 8601 UTC.' });

/** `order.placed`: the whole order as it was placed, and when. */
const orderPlacedSchema = orderSchema.extend({ status: z.literal('pending'), at }).meta({
  id: 'OrderPlaced',
  description:
    'The whole order as `GET /orders/{id}` shows it when it was placed, and `at` (its `createdAt`).',
});

const MOVED_TO = ['in-progress', 'completed'] as const satisfies readonly OrderStatus[];

/** `order.status`: the order moved forward. */
const orderStatusSchema = z
  .strictObject({ id: hexId, status: z.enum(MOVED_TO), at })
  .meta({ id: 'OrderStatusChanged', description: 'The order moved forward to `status`.' });

/** `order.cancelled`: the order was cancelled while pending. */
const orderCancelledSchema = z
  .strictObject({ id: hexId, status: z.literal('cancelled'), at })
  .meta({ id: 'OrderCancelled', description: 'The order was cancelled while it was pending.' });

/** The `data` of each event: what the streams send and the relay publishes. */
export const orderEventSchemas = {
  'order.placed': orderPlacedSchema,
  'order.status': orderStatusSchema,
  'order.cancelled': orderCancelledSchema,
} as const satisfies Record<OrderEventType, z.ZodType>;

export type OrderEventPayload<T extends OrderEventType = OrderEventType> = z.output<
  (typeof orderEventSchemas)[T]
>;

/** The headers of every published event. */
export const publishedHeadersSchema = z
  .object({
    'Nats-Msg-Id': z.string().regex(EVENT_ID).meta({
      description:
        "The event's id, as its Server-Sent Events `id`: `<ms>-<order id>-<n>`. JetStream drops a message whose id it has already stored within its duplicate window, so a repeated publish is stored once.",
    }),
    'Nats-Expected-Last-Sequence': z
      .string()
      .regex(/^\d{1,20}$/)
      .optional()
      .meta({
        description:
          "The stream sequence the publisher expected before this message; the broker refuses the message when another was stored after it, which keeps the stream in the events' order. Consumers can ignore it.",
      }),
  })
  .meta({ id: 'PublishedHeaders' });
