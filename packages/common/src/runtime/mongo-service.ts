import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import { connectMongo, pingMongo } from '../mongo/mongo.js';
import type { Connected } from './run-service.js';

export interface MongoServiceConfig {
  MONGODB_URI: string;
  MONGODB_DB: string;
}

/**
 * The `connect` step of a service that keeps its data in MongoDB: connect (with bounded retries),
 * let the service build its dependencies over the database (repositories, seed data), and hand
 * the runner a readiness check and a close that releases the client. The client is closed again
 * if building fails, so a failed start leaves no open sockets behind.
 */
export async function connectWithMongo<D>(
  config: MongoServiceConfig,
  logger: Logger,
  buildDeps: (db: Db) => Promise<D> | D,
): Promise<Connected<D>> {
  const client = await connectMongo(config.MONGODB_URI, { logger });
  try {
    const deps = await buildDeps(client.db(config.MONGODB_DB));
    return { deps, isReady: () => pingMongo(client), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
