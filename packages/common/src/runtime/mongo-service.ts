import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import { connectMongo, pingMongo } from '../mongo/mongo.js';
import type { ServiceParts } from './run-service.js';

export interface MongoServiceConfig {
  MONGODB_URI: string;
  MONGODB_DB: string;
}

/**
 * The `start` step of a service that keeps its data in MongoDB: connect (with bounded retries),
 * let the service prepare its database and build its app, and hand the runner a readiness check
 * and a close that releases the client. The client is closed again if preparing fails, so a
 * failed start leaves no open sockets behind.
 */
export async function startWithMongo(
  config: MongoServiceConfig,
  logger: Logger,
  buildApp: (db: Db) => Promise<ServiceParts['app']> | ServiceParts['app'],
): Promise<ServiceParts> {
  const client = await connectMongo(config.MONGODB_URI, { logger });
  try {
    const app = await buildApp(client.db(config.MONGODB_DB));
    return { app, isReady: () => pingMongo(client), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
