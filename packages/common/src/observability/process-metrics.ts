import type { MongoClient } from 'mongodb';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * What one process reports whichever service it runs: Node's default metrics and, once a MongoDB
 * client is watched, its connection pool. Made once per process: the default collectors start
 * timers and GC observers, which a second copy would duplicate.
 */
let processRegistry: Registry | undefined;

export function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

let poolGauges: { checkedOut: Gauge; waiting: Gauge } | undefined;

/**
 * Follows a client's connection pool through the driver's monitoring events (CMAP, emitted
 * without any option), rather than polling the driver's internals. The gauges are registered on
 * first use, so services without MongoDB do not show them.
 */
export function watchConnectionPool(client: MongoClient): void {
  const registers = [processMetrics()];
  poolGauges ??= {
    checkedOut: new Gauge({
      name: 'mongodb_pool_checked_out_connections',
      help: 'Connections of the MongoDB driver pool lent to an operation right now.',
      registers,
    }),
    waiting: new Gauge({
      name: 'mongodb_pool_wait_queue_size',
      help: 'Operations waiting for a connection of the MongoDB driver pool right now.',
      registers,
    }),
  };
  const { checkedOut, waiting } = poolGauges;
  client.on('connectionCheckOutStarted', () => waiting.inc());
  client.on('connectionCheckOutFailed', () => waiting.dec());
  client.on('connectionCheckedOut', () => {
    waiting.dec();
    checkedOut.inc();
  });
  client.on('connectionCheckedIn', () => checkedOut.dec());
}
