import type { TestProject } from 'vitest/node';
import { startEmbeddedMongo } from '../index.js';
import './provided-context.js';

/**
 * Vitest global setup: use the real MongoDB named by MONGODB_URI when set, otherwise start one
 * in-memory embedded server for the whole run.
 */
export default async function setup({
  provide,
}: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env['MONGODB_URI'];
  if (external) {
    provide('mongoUri', external);
    return undefined;
  }
  const server = await startEmbeddedMongo({ inMemory: true });
  provide('mongoUri', server.uri);
  return () => server.stop();
}
