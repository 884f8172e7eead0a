import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  // A Unix socket: every test talks to the server over the wire, and loopback TCP would cost the
  // suite about a third more CPU per command.
  const folder = await mkdtemp(join(tmpdir(), 'embedded-mongo-'));
  const server = await startEmbeddedMongo({
    inMemory: true,
    socketPath: join(folder, 'mongod.sock'),
  });
  provide('mongoUri', server.uri);
  return async () => {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  };
}
