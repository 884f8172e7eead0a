import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, ORDERS_SUBJECTS } from '../src/relay/event-codec.js';

const ORDER = '0123456789abcdef01234567';
const ID = `1795600800000-${ORDER}-1`;
const DATA = { id: ORDER, status: 'in-progress', at: '2026-11-25T10:00:00.000Z' };

describe('the messages of the ORDERS stream', () => {
  it('when an event is published, then its subject is orders.<second word of its type>, its message id the SSE id and its body the SSE data', () => {
    const message = encodeEvent({ id: ID, event: 'order.status', data: DATA });

    expect(message).toEqual({ subject: 'orders.status', msgId: ID, body: JSON.stringify(DATA) });
    expect(ORDERS_SUBJECTS).toEqual(['orders.placed', 'orders.status', 'orders.cancelled']);
  });

  it('when a published message is read back, then it is the same SSE event, final after completed or a cancellation', () => {
    const { subject, msgId, body } = encodeEvent({ id: ID, event: 'order.status', data: DATA });
    const cancelled = { ...DATA, status: 'cancelled' };

    expect(decodeEvent(subject, msgId, body)).toEqual({
      key: { atMs: 1795600800000, orderId: ORDER, seq: 1 },
      message: { id: ID, event: 'order.status', data: DATA },
      final: false,
    });
    expect(decodeEvent('orders.cancelled', ID, JSON.stringify(cancelled))?.final).toBe(true);
  });

  it('when a message is not one the relay wrote, then it is no event', () => {
    const body = JSON.stringify(DATA);

    expect(decodeEvent('orders.other', ID, body)).toBeNull();
    expect(decodeEvent('orders.status', undefined, body)).toBeNull();
    expect(decodeEvent('orders.status', 'not-an-id', body)).toBeNull();
    expect(decodeEvent('orders.status', ID, '{')).toBeNull();
    expect(
      decodeEvent('orders.status', ID, JSON.stringify({ ...DATA, status: 'lost' })),
    ).toBeNull();
    expect(
      decodeEvent('orders.status', ID, JSON.stringify({ ...DATA, id: 'ffffffffffffffffffffffff' })),
    ).toBeNull();
  });
});
