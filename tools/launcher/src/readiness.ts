import { setTimeout as sleep } from 'node:timers/promises';

export type ProbeResult = { ready: true } | { ready: false; reason: string };

/** One GET /readyz: ready only on a 200. */
export async function probeReady(baseUrl: string): Promise<ProbeResult> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200
      ? { ready: true }
      : { ready: false, reason: `GET /readyz answered ${response.status}` };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code =
      cause instanceof Error && 'code' in cause && typeof cause.code === 'string'
        ? cause.code
        : undefined;
    return {
      ready: false,
      reason: code === 'ECONNREFUSED' ? 'not listening yet' : `no answer (${String(cause)})`,
    };
  }
}

export interface ReadinessTarget {
  name: string;
  baseUrl: string;
}

export class NotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReadyError';
  }
}

/**
 * Polls every target's `/readyz` until all answer 200. Rejects when the time is up (naming the
 * services still waiting and why) or as soon as `abandon` settles (a service exited).
 */
export async function waitUntilReady(
  targets: readonly ReadinessTarget[],
  timeoutMs: number,
  abandon: Promise<string>,
): Promise<void> {
  const waiting = new Map(targets.map((target) => [target.name, 'not asked yet']));
  let abandonedWith: string | undefined;
  void abandon.then((reason) => {
    abandonedWith = reason;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (abandonedWith !== undefined) throw new NotReadyError(abandonedWith);
    await Promise.all(
      targets
        .filter((target) => waiting.has(target.name))
        .map(async (target) => {
          const result = await probeReady(target.baseUrl);
          if (result.ready) waiting.delete(target.name);
          else waiting.set(target.name, result.reason);
        }),
    );
    if (abandonedWith !== undefined) throw new NotReadyError(abandonedWith);
    if (waiting.size === 0) return;
    if (Date.now() >= deadline) {
      const details = [...waiting].map(([name, reason]) => `${name}: ${reason}`).join('; ');
      throw new NotReadyError(`not ready after ${Math.round(timeoutMs / 1000)} s: ${details}`);
    }
    await sleep(250);
  }
}
