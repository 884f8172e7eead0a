/** How often the watch expects its timer to run; it records by how much the timer was late. */
const TICK_MS = 50;
/** Lateness below this is ordinary jitter, not a stall. */
const NOTICED_MS = 100;
/** No window asked about is longer than this: older stalls are forgotten. */
const KEPT_MS = 120_000;

interface Stall {
  endedAt: number;
  ms: number;
}

let lastTick = 0;
let timer: NodeJS.Timeout | undefined;
const stalls: Stall[] = [];

function tick(): void {
  const now = performance.now();
  const late = now - lastTick - TICK_MS;
  if (late >= NOTICED_MS) stalls.push({ endedAt: now, ms: late });
  while (stalls.length > 0 && now - (stalls[0]?.endedAt ?? now) > KEPT_MS) stalls.shift();
  lastTick = now;
}

/**
 * Starts watching the event loop (once per process; the timer keeps nothing alive): a timer due
 * every 50 ms that runs late was held up by code that did not yield, a stall.
 */
export function watchEventLoopStalls(): void {
  if (timer !== undefined) return;
  lastTick = performance.now();
  timer = setInterval(tick, TICK_MS).unref();
}

/**
 * The longest stall of the event loop that ended within the last `windowMs`, or is still going
 * (the watch's own timer is overdue: it has not run yet after the stall), in milliseconds.
 */
export function longestStallWithin(windowMs: number): number {
  if (timer === undefined) return 0;
  const now = performance.now();
  let longest = Math.max(0, now - lastTick - TICK_MS);
  for (const stall of stalls) {
    if (now - stall.endedAt <= windowMs) longest = Math.max(longest, stall.ms);
  }
  return longest;
}

/**
 * The stall, in milliseconds, that made a deadline of `deadlineMs` run out just now, if the
 * event loop stood still for 40% of it or more (the driver's deadline for one attempt): an answer
 * may then have been waiting unread in its socket while the timer that gave up on it came due,
 * since timers run before sockets are read. Undefined when the process was not the cause.
 */
export function stallBehind(deadlineMs: number): number | undefined {
  const longest = longestStallWithin(deadlineMs);
  return longest >= deadlineMs * 0.4 ? Math.round(longest) : undefined;
}
