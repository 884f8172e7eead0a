import type { MongoClient } from 'mongodb';
import { connectionPoolGauges } from './process-metrics.js';

/**
 * Follows a MongoDB client's connection pool through the driver's monitoring events (CMAP,
 * emitted by every client without any option): an operation waits from `connectionCheckOutStarted`
 * until its connection is checked out or the check-out fails, and holds it until it is checked
 * back in. Counting events costs next to nothing, where polling the pool would reach into the
 * driver's internals.
 */
export function watchConnectionPool(client: MongoClient): void {
  const { checkedOut, waiting } = connectionPoolGauges();
  client.on('connectionCheckOutStarted', () => waiting.inc());
  client.on('connectionCheckOutFailed', () => waiting.dec());
  client.on('connectionCheckedOut', () => {
    waiting.dec();
    checkedOut.inc();
  });
  client.on('connectionCheckedIn', () => checkedOut.dec());
}
