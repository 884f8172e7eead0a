import { setTimeout as sleep } from 'node:timers/promises';

/** Why a service is not ready yet, or undefined once its GET /readyz answers 200. */
async function notReadyReason(baseUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200 ? undefined : `GET /readyz answered ${response.status}`;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    const refused = cause instanceof Error && 'code' in cause && cause.code === 'ECONNREFUSED';
    return refused ? 'not listening yet' : `no answer (${String(cause ?? error)})`;
  }
}

/**
 * Polls every service's `/readyz` until all answer 200. Rejects when the time is up (naming the
 * services still waiting and why) or as soon as `abandon` settles (a service exited, a stop).
 */
export async function waitUntilReady(
  baseUrls: Readonly<Record<string, string>>,
  timeoutMs: number,
  abandon: Promise<string>,
): Promise<void> {
  const waiting = new Map(Object.keys(baseUrls).map((name) => [name, 'not asked yet']));
  let abandonedWith: string | undefined;
  void abandon.then((reason) => (abandonedWith = reason));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await Promise.all(
      [...waiting.keys()].map(async (name) => {
        const reason = await notReadyReason(baseUrls[name] ?? '');
        if (reason === undefined) waiting.delete(name);
        else waiting.set(name, reason);
      }),
    );
    if (abandonedWith !== undefined) throw new Error(abandonedWith);
    if (waiting.size === 0) return;
    if (Date.now() >= deadline) {
      const details = [...waiting].map(([name, reason]) => `${name}: ${reason}`).join('; ');
      throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s: ${details}`);
    }
    await Promise.race([sleep(250), abandon]);
  }
}
