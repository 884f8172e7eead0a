import { createAsyncApiDocument, type AsyncApiDocument } from '@repo/common';
import { eventSubject, formatEventId, ORDER_EVENT_TYPES } from '../domain/order-event.js';
import { orderEventSchemas, publishedHeadersSchema } from './order-event-schemas.js';
import { ORDER_ID, orderExample } from '../routes/order-examples.js';

const PLACED_AT = '2026-11-25T10:00:00.000Z';
const MOVED_AT = '2026-11-25T10:05:00.000Z';

/** What each event says, and an example of it: the order's `seq`-th change, made `at`. */
const described = {
  'order.placed': {
    title: 'Order placed',
    summary: 'A customer placed an order: the whole order, as `GET /orders/{id}` shows it.',
    seq: 0,
    payload: { ...orderExample, at: PLACED_AT },
  },
  'order.status': {
    title: 'Order moved',
    summary: 'Staff moved an order forward, to `in-progress` or `completed`.',
    seq: 1,
    payload: { id: ORDER_ID, status: 'in-progress', at: MOVED_AT },
  },
  'order.cancelled': {
    title: 'Order cancelled',
    summary: 'A customer cancelled a pending order.',
    seq: 1,
    payload: { id: ORDER_ID, status: 'cancelled', at: MOVED_AT },
  },
};

/** The events the service publishes to NATS JetStream, as AsyncAPI 3.0. */
export function asyncApiDocument(): AsyncApiDocument {
  return createAsyncApiDocument({
    service: 'orders',
    version: '1.0.0',
    summary:
      "When `NATS_URL` is set, the orders service publishes one message per stored change of an order (placed, moved forward, cancelled) to NATS JetStream, which keeps them in the stream `ORDERS`. Each body is the `data` of the same event on the Server-Sent Events streams `GET /orders/events` and `GET /orders/{id}/events` (openapi.json), and its `Nats-Msg-Id` header is that event's `id`.",
    servers: {
      nats: {
        host: '{natsHost}',
        protocol: 'nats',
        description: 'The NATS server of `NATS_URL`, with JetStream enabled.',
        variables: {
          natsHost: {
            description: 'The host and port of `NATS_URL`.',
            examples: ['localhost:4222'],
          },
        },
      },
    },
    headers: publishedHeadersSchema,
    messages: ORDER_EVENT_TYPES.map((type) => {
      const { title, summary, seq, payload } = described[type];
      const id = formatEventId({ atMs: Date.parse(payload.at), orderId: ORDER_ID, seq });
      return {
        name: type,
        address: eventSubject(type),
        title,
        summary,
        payload: orderEventSchemas[type],
        example: { name: title, headers: { 'Nats-Msg-Id': id }, payload },
      };
    }),
  });
}
