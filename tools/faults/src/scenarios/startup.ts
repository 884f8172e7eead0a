import { mongoAddress, startFaultProxy } from '@repo/common/testing';
import { seconds, type ScenarioResult } from '../result.js';
import { spawnService } from '../service-process.js';
import { once } from 'node:events';

/** Products started while its database refuses every connection, with a start-up deadline. */
export async function databaseDownAtStart(
  mongoUri: string,
  deadlineMs: number,
): Promise<ScenarioResult> {
  const proxy = await startFaultProxy(mongoAddress(mongoUri));
  proxy.setMode('drop');
  try {
    const started = Date.now();
    const child = spawnService('products', {
      MONGODB_URI: proxy.mongoUri(mongoUri),
      MONGODB_CONNECT_TIMEOUT_MS: String(deadlineMs),
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const [code] = (await once(child, 'close')) as [number | null];
    const ms = Date.now() - started;
    const attempts = out.split('\n').filter((line) => line.includes('not reachable yet')).length;
    const fatal = out.split('\n').filter((line) => line.includes('"level":60')).length;
    return {
      scenario: `database refusing at start (MONGODB_CONNECT_TIMEOUT_MS=${deadlineMs}): products`,
      sent: `${attempts + 1} connection attempts`,
      lost: `${attempts} retry lines naming the host, ${fatal} fatal line`,
      recovery: `exit ${String(code)} after ${seconds(ms)} (the orchestrator restarts it)`,
      ok: code === 1 && fatal === 1 && ms < deadlineMs + 10_000,
    };
  } finally {
    await proxy.close();
  }
}
