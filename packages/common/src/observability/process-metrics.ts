import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * What one process reports whichever service it runs: Node's default metrics (event-loop lag,
 * heap, GC, CPU, handles) and, once a MongoDB client is watched, its connection pool. Made once per
 * process: the default collectors start timers and GC observers, which a second copy would
 * duplicate.
 */
let processRegistry: Registry | undefined;

export function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

interface PoolGauges {
  checkedOut: Gauge;
  waiting: Gauge;
}

let poolGauges: PoolGauges | undefined;

/** The pool gauges, registered on first use so that services without MongoDB do not show them. */
export function connectionPoolGauges(): PoolGauges {
  if (poolGauges === undefined) {
    const registers = [processMetrics()];
    poolGauges = {
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
  }
  return poolGauges;
}
