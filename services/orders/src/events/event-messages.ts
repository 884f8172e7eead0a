import type { StreamEvent } from '@repo/common';
import type { OrderRecord } from '../domain/order.js';
import {
  eventKey,
  formatEventId,
  type OrderEventRecord,
  type OrderEventType,
} from '../domain/order-event.js';
import type { OrderEventPayload } from '../http/order-event-schemas.js';
import { presentOrderEvent } from '../http/order-event-presenter.js';
import { presentOrder } from '../http/order-presenter.js';

/** An event as the streams send it and the relay publishes it (`data` is the message body). */
export interface OrderEventMessage extends StreamEvent {
  event: OrderEventType;
  data: OrderEventPayload;
}

export function eventMessage(order: OrderRecord, event: OrderEventRecord): OrderEventMessage {
  return {
    id: formatEventId(eventKey(order._id, event)),
    event: event.type,
    data: presentOrderEvent(order, event),
  };
}

/** The order as it is now, under the name and id of its latest change: a tracker's first event. */
export function currentStateMessage(order: OrderRecord, latest: OrderEventRecord): StreamEvent {
  return {
    id: formatEventId(eventKey(order._id, latest)),
    event: latest.type,
    data: { ...presentOrder(order), status: latest.status, at: latest.at.toISOString() },
  };
}
