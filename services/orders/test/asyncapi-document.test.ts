import { fileURLToPath } from 'node:url';
import { describeAsyncApiDocument, messageContract } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../src/app.js';
import { eventsOf, eventSubject, ORDER_EVENT_TYPES } from '../src/domain/order-event.js';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import { eventMessage, type OrderEventMessage } from '../src/events/event-messages.js';
import { asyncApiDocument } from '../src/http/events-document.js';
import { AS_CUSTOMER, AS_STAFF, buildApp, placeValidOrder } from './support.js';

const document = asyncApiDocument();

describeAsyncApiDocument(fileURLToPath(new URL('..', import.meta.url)), document);

const testDb = useTestDatabase('orders_asyncapi');

/** A message as the relay publishes it: the event's id as `Nats-Msg-Id`, its data as JSON. */
function published(message: OrderEventMessage) {
  return {
    headers: { 'Nats-Msg-Id': message.id },
    payload: JSON.parse(JSON.stringify(message.data)) as Record<string, unknown>,
  };
}

/** Every stored event of the orders, as the streams send them. */
async function storedMessages(ids: string[]): Promise<OrderEventMessage[]> {
  const orders = createOrdersRepository(testDb.db);
  const messages: OrderEventMessage[] = [];
  for (const id of ids) {
    const order = await orders.findStoredById(new ObjectId(id));
    if (order === null) throw new Error(`order ${id} is not stored`);
    messages.push(...eventsOf(order).map((event) => eventMessage(order, event)));
  }
  return messages;
}

describe('the published events against their AsyncAPI document', () => {
  it('when orders are placed, moved to completed and cancelled over HTTP, then every stored event is a message its subject accepts', async () => {
    const app = buildApp(testDb.db);
    const moved = await placeValidOrder(app, testDb.db);
    const cancelled = await placeValidOrder(app, testDb.db);
    for (const status of ['in-progress', 'completed']) {
      await request(app)
        .patch(`/orders/${moved.id}`)
        .set('Authorization', AS_STAFF)
        .send({ status })
        .expect(200);
    }
    await request(app)
      .delete(`/orders/${cancelled.id}`)
      .set('Authorization', AS_CUSTOMER)
      .expect(204);

    const messages = await storedMessages([moved.id, cancelled.id]);
    const contract = await messageContract(document);

    expect(messages.map(({ event }) => event)).toEqual([
      'order.placed',
      'order.status',
      'order.status',
      'order.placed',
      'order.cancelled',
    ]);
    for (const message of messages) {
      expect(contract.problems(eventSubject(message.event), published(message))).toEqual([]);
    }
  });

  it('when a message is changed from what the service publishes, then its subject refuses it', async () => {
    const app = buildApp(testDb.db);
    const order = await placeValidOrder(app, testDb.db);
    const [placed] = await storedMessages([order.id]);
    if (placed === undefined) throw new Error('the order has no event');
    const contract = await messageContract(document);
    const { headers, payload } = published(placed);

    // Moved on, with a field the contract does not name, on another subject, with another id.
    expect(
      contract.problems('orders.placed', { headers, payload: { ...payload, status: 'completed' } }),
    ).not.toEqual([]);
    expect(
      contract.problems('orders.placed', { headers, payload: { ...payload, note: 'extra' } }),
    ).not.toEqual([]);
    expect(contract.problems('orders.status', { headers, payload })).not.toEqual([]);
    expect(
      contract.problems('orders.placed', { headers: { 'Nats-Msg-Id': order.id }, payload }),
    ).not.toEqual([]);
  });

  it('when the document is read, then it has one channel per event type, on the subject of the type', async () => {
    const contract = await messageContract(document);

    expect(contract.addresses.sort()).toEqual(ORDER_EVENT_TYPES.map(eventSubject).sort());
    expect(contract.addresses.sort()).toEqual([
      'orders.cancelled',
      'orders.placed',
      'orders.status',
    ]);
  });

  it('when the OpenAPI document lists what is answered in front of the routes, then it names GET /asyncapi.json', () => {
    expect(apiDocument().info.description).toContain('`GET /asyncapi.json`');
  });

  it('when the order an order.placed message carries is compared, then it is the Order of the OpenAPI document', () => {
    const order = apiDocument().components?.schemas?.Order as { properties: object };
    const placed = document.components.schemas.OrderPlaced as { properties: object };
    const {
      status: _status,
      at: _at,
      ...placedOrder
    } = placed.properties as Record<string, unknown>;
    const { status: _orderStatus, ...orderProperties } = order.properties as Record<
      string,
      unknown
    >;

    expect(placedOrder).toEqual(orderProperties);
  });
});
