import type { Logger } from '@repo/common';
import type { OrdersRepository } from '../data/orders-repository.js';
import type { OrderRecord } from '../domain/order.js';

/** One stream's view of the feed. */
export interface FeedSubscriber {
  /**
   * Every event before this time (ms) the subscriber has had or does not want: the feed reads the
   * orders changed since the earliest floor of its subscribers.
   */
  readonly floorMs: number;
  /**
   * Takes what it has not had yet among the orders read. Every event at or before `horizonMs` is
   * settled: no write not yet visible can carry a time that early.
   */
  take(orders: readonly OrderRecord[], horizonMs: number): void;
}

export interface FeedOptions {
  orders: Pick<OrdersRepository, 'changedSince'>;
  logger: Logger;
  /** How often the database is read while a stream is open. */
  pollMs: number;
  /** How long after its time an event is surely visible to every reader (see the README). */
  settleMs: number;
  /** The current time in ms; `Date.now` by default. */
  now?: () => number;
}

/**
 * Feeds every open stream of an instance from the stored events with one indexed read per poll,
 * whichever instance wrote them: the orders changed since the earliest floor of the subscribers.
 * It reads only while a stream is open.
 */
export class OrderEventFeed {
  private readonly subscribers = new Set<FeedSubscriber>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: FeedOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The time before which every event is settled, as of now. */
  horizonMs(): number {
    return this.now() - this.options.settleMs;
  }

  /** Returns the unsubscribe. */
  subscribe(subscriber: FeedSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.timer ??= setTimeout(() => void this.poll(), this.options.pollMs);
    return () => this.subscribers.delete(subscriber);
  }

  private async poll(): Promise<void> {
    if (this.subscribers.size > 0) {
      const horizon = this.horizonMs();
      const floor = Math.min(...[...this.subscribers].map((subscriber) => subscriber.floorMs));
      try {
        const orders = await this.options.orders.changedSince(new Date(floor));
        for (const subscriber of [...this.subscribers]) subscriber.take(orders, horizon);
      } catch (error) {
        // The next poll reads the same range again: nothing is lost, only later.
        this.options.logger.warn({ err: error }, 'could not read the order events; retrying');
      }
    }
    this.timer =
      this.subscribers.size > 0
        ? setTimeout(() => void this.poll(), this.options.pollMs)
        : undefined;
  }

  /** Stops reading; the streams are ended by their owner. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.subscribers.clear();
  }
}
