import { describe, expect, it } from 'vitest';
import { formatEventId, type EventKey } from '../src/domain/order-event.js';
import { LiveEventFeed, type LiveEvent, type LiveSubscriber } from '../src/events/live-feed.js';

const ORDER = '0123456789abcdef01234567';
const key = (atMs: number): EventKey => ({ atMs, orderId: ORDER, seq: 0 });
const live = (atMs: number): LiveEvent => ({
  key: key(atMs),
  message: { id: formatEventId(key(atMs)), event: 'order.placed', data: {} },
  final: false,
});

/** A subscriber whose catch-up ends when the test says, recording what it was handed. */
function recording() {
  const seen: string[] = [];
  let finish: (() => void) | undefined;
  let failed: unknown;
  const subscriber: LiveSubscriber = {
    catchUp(upTo) {
      seen.push(`catch up to ${upTo.atMs}`);
      return new Promise<void>((resolve) => (finish = resolve));
    },
    receive: (event) => seen.push(`live ${event.key.atMs}`),
    fail: (error) => (failed = error),
  };
  return {
    subscriber,
    seen,
    get failed() {
      return failed;
    },
    /** Ends the catch-up and lets the held events through. */
    async caughtUp() {
      finish?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('the live feed of one instance', () => {
  it('when events arrive while a subscriber catches up, then they are held and handed over after it, in order, and none at or before its catch-up point', async () => {
    const feed = new LiveEventFeed();
    feed.start(key(10));
    feed.push(live(11));
    const client = recording();
    feed.subscribe(client.subscriber);
    feed.push(live(12));
    feed.push(live(13));

    expect(client.seen).toEqual(['catch up to 11']);
    await client.caughtUp();
    feed.push(live(14));

    expect(client.seen).toEqual(['catch up to 11', 'live 12', 'live 13', 'live 14']);
  });

  it('when a subscriber comes before the feed knows where the stream stands, then it catches up to the position the feed starts at', async () => {
    const feed = new LiveEventFeed();
    const client = recording();
    feed.subscribe(client.subscriber);
    feed.push(live(5));

    expect(client.seen).toEqual([]);
    feed.start(key(20));
    feed.push(live(21));
    await client.caughtUp();

    expect(client.seen).toEqual(['catch up to 20', 'live 21']);
  });

  it('when the broker delivers an event at or before the position again, then it is dropped', async () => {
    const feed = new LiveEventFeed();
    feed.start(key(10));
    const client = recording();
    feed.subscribe(client.subscriber);
    await client.caughtUp();
    feed.push(live(11));
    feed.push(live(11));
    feed.push(live(9));
    feed.push(live(12));

    expect(client.seen).toEqual(['catch up to 10', 'live 11', 'live 12']);
  });

  it('when a subscriber leaves during its catch-up, then what was held for it is not handed over', async () => {
    const feed = new LiveEventFeed();
    feed.start(key(10));
    const client = recording();
    const unsubscribe = feed.subscribe(client.subscriber);
    feed.push(live(11));
    unsubscribe();
    await client.caughtUp();

    expect(client.seen).toEqual(['catch up to 10']);
  });

  it('when the catch-up fails, then the subscriber is told and gets nothing live', async () => {
    const feed = new LiveEventFeed();
    feed.start(key(10));
    const seen: string[] = [];
    let told: unknown;
    feed.subscribe({
      catchUp: () => Promise.reject(new Error('database gone')),
      receive: (event) => seen.push(String(event.key.atMs)),
      fail: (error) => (told = error),
    });
    await new Promise((resolve) => setImmediate(resolve));
    feed.push(live(11));

    expect(told).toBeInstanceOf(Error);
    expect(seen).toEqual([]);
  });
});
