import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import { loadMongoRuntimeConfig, type MongoRuntimeConfig } from '../config/config.js';
import { describeMongoHost } from '../addresses.js';
import { connectMongo, operationDeadlines, pingMongo } from './mongo.js';
import { withOperationDeadline } from './operation-deadline.js';
import { watchDependency } from '../runtime/dependency-watch.js';
import type { Connected } from '../runtime/run-service.js';

export interface MongoServiceConfig {
  MONGODB_URI: string;
  MONGODB_DB: string;
}

const WATCH_EVERY_MS = 1_000;

/**
 * The `connect` step of a service on MongoDB: connect (retrying until
 * `MONGODB_CONNECT_TIMEOUT_MS`), build the dependencies over the database, and hand the runner a
 * readiness check and a close. Every operation fails within `MONGODB_OPERATION_TIMEOUT_MS` when
 * the database is gone or stalls. A failed build closes the client again.
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
  try {
    const deps = await buildDeps(
      // 90%: the rest of the budget is the request's own work around its database calls.
      withOperationDeadline(
        client.db(config.MONGODB_DB),
        Math.floor(deadlines.MONGODB_OPERATION_TIMEOUT_MS * 0.9),
      ),
    );
    const watch = watchDependency(logger, {
      dependency: 'database',
      host: describeMongoHost(config.MONGODB_URI),
      ping: () => pingMongo(client, deadlines.READINESS_TIMEOUT_MS),
      failure: `no answer to a ping within ${deadlines.READINESS_TIMEOUT_MS} ms`,
      pingDeadlineMs: deadlines.READINESS_TIMEOUT_MS,
      requestDeadlineMs: deadlines.MONGODB_OPERATION_TIMEOUT_MS,
      everyMs: WATCH_EVERY_MS,
    });
    return {
      deps,
      isReady: watch.check,
      close: () => {
        watch.stop();
        return client.close();
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
