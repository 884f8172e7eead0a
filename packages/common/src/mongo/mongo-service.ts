import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import { loadMongoRuntimeConfig, type MongoRuntimeConfig } from '../config/config.js';
import { describeMongoHost } from '../addresses.js';
import { connectMongo, operationDeadlines, pingMongo } from './mongo.js';
import { withOperationDeadline } from './operation-deadline.js';
import { watchWriteRefusals } from './write-refusal-watch.js';
import { watchDependency } from '../runtime/dependency-watch.js';
import type { Connected } from '../runtime/run-service.js';

export interface MongoServiceConfig {
  MONGODB_URI: string;
  MONGODB_DB: string;
}

const WATCH_EVERY_MS = 1_000;
/** Where readiness tries a write while the database refuses them; one document, rewritten. */
const PROBE_COLLECTION = 'readiness_write_probe';
/**
 * The probe's size: on a full disk a few bytes can still fit in a page already allocated, and
 * a probe that succeeded there would announce a recovery that the next real write disproves.
 */
const PROBE_BYTES = 64 * 1024;

/**
 * The `connect` step of a service on MongoDB: connect (retrying until
 * `MONGODB_CONNECT_TIMEOUT_MS`), build the dependencies over the database, and hand the runner a
 * readiness check and a close. Every operation fails within `MONGODB_OPERATION_TIMEOUT_MS` when
 * the database is gone or stalls. A failed build closes the client again. `/readyz` is 503 while
 * the database cannot be reached or refuses writes (a full disk, learnt from the service's own
 * writes), and ready again once a ping, or a probe write, succeeds.
 */
export async function connectWithMongo<D>(
  config: MongoServiceConfig,
  logger: Logger,
  buildDeps: (db: Db) => Promise<D> | D,
  deadlines: MongoRuntimeConfig = loadMongoRuntimeConfig(),
): Promise<Connected<D>> {
  const client = await connectMongo(config.MONGODB_URI, {
    logger,
    deadlineMs: deadlines.MONGODB_CONNECT_TIMEOUT_MS,
    clientOptions: operationDeadlines(deadlines.MONGODB_OPERATION_TIMEOUT_MS),
  });
  const host = describeMongoHost(config.MONGODB_URI);
  try {
    // 90%: the rest of the budget is the request's own work around its database calls.
    const operationMs = Math.floor(deadlines.MONGODB_OPERATION_TIMEOUT_MS * 0.9);
    const probes = withOperationDeadline(client.db(config.MONGODB_DB), operationMs);
    const writes = watchWriteRefusals(logger, {
      host,
      probeWrite: () =>
        probes
          .collection<{ _id: string; filler: string }>(PROBE_COLLECTION)
          .updateOne(
            { _id: 'probe' },
            { $set: { filler: 'x'.repeat(PROBE_BYTES) } },
            { upsert: true },
          ),
      everyMs: WATCH_EVERY_MS,
    });
    const deps = await buildDeps(
      withOperationDeadline(client.db(config.MONGODB_DB), operationMs, writes.noteFailure),
    );
    const watch = watchDependency(logger, {
      dependency: 'database',
      host,
      ping: () => pingMongo(client, deadlines.READINESS_TIMEOUT_MS),
      failure: `no answer to a ping within ${deadlines.READINESS_TIMEOUT_MS} ms`,
      pingDeadlineMs: deadlines.READINESS_TIMEOUT_MS,
      requestDeadlineMs: deadlines.MONGODB_OPERATION_TIMEOUT_MS,
      everyMs: WATCH_EVERY_MS,
    });
    return {
      deps,
      isReady: async () => {
        if (!(await watch.check())) return false;
        const reason = writes.refusal();
        return reason === undefined ? true : { reason };
      },
      close: () => {
        watch.stop();
        writes.stop();
        return client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
