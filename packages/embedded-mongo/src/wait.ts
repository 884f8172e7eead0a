import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

function tryConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Waits until something accepts TCP connections at the URI's first host; for launchers that start the server. */
export async function waitForMongo(uri: string, timeoutMs: number): Promise<void> {
  const match = /^mongodb:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/,]+)(?::(\d+))?/.exec(uri);
  if (!match) throw new Error(`not a mongodb:// URI: ${uri}`);
  const host = (match[1] as string).replace(/^\[|\]$/g, '');
  const port = Number(match[2] ?? 27017);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await tryConnect(host, port)) return;
    if (Date.now() >= deadline)
      throw new Error(
        `MongoDB at ${host}:${port} did not accept connections within ${timeoutMs} ms`,
      );
    await sleep(100);
  }
}
