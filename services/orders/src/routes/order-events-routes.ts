import { eventStreamResponse, lastEventIdHeader, type Route } from '@repo/common';
import type { AppDeps } from '../app.js';
import { parseEventId } from '../domain/order-event.js';
import { requireToken } from '../http/auth.js';
import { orderNotFound } from '../http/errors.js';
import { readOrderId } from '../http/order-schemas.js';
import {
  bodyFailures,
  CUSTOMER_SCHEME,
  idParams,
  malformedJson,
  STAFF_SCHEME,
  unauthorized,
} from '../http/responses.js';
import { notFound, ORDER_ID } from './order-examples.js';

const PLACED_ID = `${Date.parse('2026-11-25T10:00:00.000Z')}-${ORDER_ID}-0`;
const MOVED_ID = `${Date.parse('2026-11-25T10:05:00.000Z')}-${ORDER_ID}-1`;

const kitchenExample = [
  `id: ${PLACED_ID}`,
  'event: order.placed',
  `data: {"id":"${ORDER_ID}","customerName":"Ada","items":[],"total":3400,"status":"pending","createdAt":"2026-11-25T10:00:00.000Z","at":"2026-11-25T10:00:00.000Z"}`,
  '',
  ':',
  '',
  `id: ${MOVED_ID}`,
  'event: order.status',
  `data: {"id":"${ORDER_ID}","status":"in-progress","at":"2026-11-25T10:05:00.000Z"}`,
  '',
  '',
].join('\n');

const EVENTS_TEXT =
  "Events: `order.placed` (the whole order as `GET /orders/{id}` shows it, as placed, with `at`), `order.status` and `order.cancelled` (`{ id, status, at }`, status `cancelled` for the latter). Each `id` is `<ms>-<order id>-<n>`: `Last-Event-ID` resumes after it. Each `data` but a tracker's first is the body of the message of that name in the AsyncAPI document (`GET /asyncapi.json`), which gives its schema.";

/** Server-Sent Events: the kitchen follows the shop, a customer one order. */
export const orderEventRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/orders/events',
    summary: "The shop's order events",
    description: `Staff only. Every event of every order, in one order for the whole shop, from now on (or after \`Last-Event-ID\`: every later one once, in order). ${EVENTS_TEXT} The stream stays open; a comment line is sent on a quiet stream.`,
    security: [{ [STAFF_SCHEME]: [] }],
    request: { headers: lastEventIdHeader },
    responses: {
      200: eventStreamResponse('The stream of events.', kitchenExample),
      400: malformedJson,
      401: unauthorized,
      ...bodyFailures,
    },
    before: ({ staffToken, throttle }) => [requireToken(staffToken, throttle)],
    handle(req, res, { streams }) {
      const after = parseEventId(req.get('last-event-id'));
      streams.followShop(res, after);
    },
  },
  {
    method: 'get',
    path: '/orders/{id}/events',
    summary: "Follow an order's status",
    description: `First the order as it is now (under the name and id of its latest change), then one event per change; the stream ends after \`completed\` or a cancellation. With \`Last-Event-ID\` of this order: every later event once, in order, instead of the first. ${EVENTS_TEXT}`,
    security: [{ [CUSTOMER_SCHEME]: [] }],
    request: { params: idParams('order', ORDER_ID), headers: lastEventIdHeader },
    responses: {
      200: eventStreamResponse('The stream of the order.', kitchenExample),
      400: malformedJson,
      401: unauthorized,
      404: notFound,
      ...bodyFailures,
    },
    before: ({ customerToken, throttle }) => [requireToken(customerToken, throttle)],
    async handle(req, res, { orders, streams }) {
      const id = readOrderId(req.params.id);
      const resume = parseEventId(req.get('last-event-id'));
      const openTracker = streams.trackOrder();
      const order = await orders.findStoredById(id);
      const resumeSeq = resume?.orderId === id.toHexString() ? resume.seq : null;
      // A cancelled order is gone, except for a client that missed its cancellation.
      if (order === null || (order.cancelledAt !== undefined && resumeSeq === null))
        throw orderNotFound(req.params.id ?? '');
      openTracker(res, order, resumeSeq);
    },
  },
];
