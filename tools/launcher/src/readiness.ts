import { setTimeout as sleep } from 'node:timers/promises';

/** Why a service is not ready yet, or undefined once its GET /readyz answers 200. */
async function notReadyReason(port: number): Promise<string | undefined> {
  try {
    const signal = AbortSignal.timeout(2_000);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal });
    await response.body?.cancel();
    return response.status === 200 ? undefined : `GET /readyz answered ${response.status}`;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return String(cause).includes('ECONNREFUSED') ? 'not listening yet' : `no answer (${cause})`;
  }
}

/**
 * Polls each service's `/readyz` until all answer 200. Rejects when the time is up (naming the
 * services still waiting and why) or as soon as `abandon` settles (a service exited, a stop).
 */
export async function waitUntilReady(
  ports: Readonly<Record<string, number>>,
  timeoutMs: number,
  abandon: Promise<string>,
): Promise<void> {
  const waiting = new Map(Object.keys(ports).map((name) => [name, 'not asked yet']));
  let abandonedWith: string | undefined;
  void abandon.then((reason) => (abandonedWith = reason));
  const deadline = Date.now() + timeoutMs;
  while (waiting.size > 0) {
    await Promise.all(
      [...waiting.keys()].map(async (name) => {
        const reason = await notReadyReason(ports[name] ?? 0);
        if (reason === undefined) waiting.delete(name);
        else waiting.set(name, reason);
      }),
    );
    if (abandonedWith !== undefined) throw new Error(abandonedWith);
    if (waiting.size > 0 && Date.now() >= deadline) {
      const details = [...waiting].map(([name, reason]) => `${name}: ${reason}`).join('; ');
      throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s: ${details}`);
    }
    if (waiting.size > 0) await Promise.race([sleep(250), abandon]);
  }
}
