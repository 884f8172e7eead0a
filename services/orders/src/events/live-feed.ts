import type { StreamEvent } from '@repo/common';
import { compareEventKeys, type EventKey } from '../domain/order-event.js';

/** One event as the broker delivers it: its key, the message the streams send, and whether it ends its order. */
export interface LiveEvent {
  key: EventKey;
  message: StreamEvent;
  final: boolean;
}

/** One stream's view of the live feed. */
export interface LiveSubscriber {
  /**
   * Sends, from the stored events, what it wants up to `upTo` (every event at or before it has
   * passed the feed already); the live events after `upTo` follow, held until this resolves.
   */
  catchUp(upTo: EventKey): Promise<void>;
  /** Takes one live event; they come in key order, each once. */
  receive(event: LiveEvent): void;
  /** The catch-up failed: the stream ends and its client resumes with `Last-Event-ID`. */
  fail(error: unknown): void;
}

interface Entry {
  subscriber: LiveSubscriber;
  /** The live events held while the catch-up runs; null once it is done. */
  held: LiveEvent[] | null;
}

/**
 * Feeds an instance's streams from the broker's ordered stream of events. Its position is the
 * key of the last event it passed on: every event after it comes through `push`, every event at
 * or before it is stored. A subscriber therefore catches up from the stored events up to the
 * position at the moment it subscribes, while the events pushed from that moment on are held for
 * it, then passed on: no gap, no event twice.
 */
export class LiveEventFeed {
  private current: EventKey | undefined;
  private readonly entries = new Set<Entry>();
  private readonly waiting = new Set<Entry>();

  /** Undefined until the feed knows where the broker's stream stands. */
  get position(): EventKey | undefined {
    return this.current;
  }

  /** The broker's stream is read from just after `position`. */
  start(position: EventKey): void {
    if (this.current !== undefined) return;
    this.current = position;
    for (const entry of [...this.waiting]) this.catchUp(entry, position);
    this.waiting.clear();
  }

  /** An event from the broker; one at or before the position is a repeat and is dropped. */
  push(event: LiveEvent): void {
    if (this.current === undefined || compareEventKeys(event.key, this.current) <= 0) return;
    this.current = event.key;
    for (const entry of this.entries) {
      if (entry.held === null) entry.subscriber.receive(event);
      else entry.held.push(event);
    }
  }

  /** Returns the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): () => void {
    const entry: Entry = { subscriber, held: [] };
    this.entries.add(entry);
    if (this.current === undefined) this.waiting.add(entry);
    else this.catchUp(entry, this.current);
    return () => {
      this.entries.delete(entry);
      this.waiting.delete(entry);
    };
  }

  private catchUp(entry: Entry, upTo: EventKey): void {
    entry.subscriber.catchUp(upTo).then(
      () => {
        const held = entry.held ?? [];
        entry.held = null;
        if (!this.entries.has(entry)) return;
        for (const event of held) entry.subscriber.receive(event);
      },
      (error: unknown) => entry.subscriber.fail(error),
    );
  }

  /** Drops every subscriber; the streams are ended by their owner. */
  close(): void {
    this.entries.clear();
    this.waiting.clear();
  }
}
