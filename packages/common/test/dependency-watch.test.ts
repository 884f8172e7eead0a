import { describe, expect, it } from 'vitest';
import { watchDependency } from '../src/runtime/dependency-watch.js';
import { capturingLogger } from '../src/testing/error-log.js';

/** A ping whose answer the test gives, when it chooses. */
function heldPings() {
  const waiting: ((answered: boolean) => void)[] = [];
  return {
    ping: () => new Promise<boolean>((resolve) => waiting.push(resolve)),
    answer: (index: number, answered: boolean) => waiting[index]?.(answered),
  };
}

function watch(
  ping: () => Promise<boolean>,
  stalledWithin: (deadlineMs: number) => number | undefined = () => undefined,
) {
  const { logger, lines } = capturingLogger();
  const watcher = watchDependency(logger, {
    dependency: 'database',
    host: 'db:27017',
    ping,
    failure: 'no answer to a ping within 300 ms',
    pingDeadlineMs: 300,
    requestDeadlineMs: 300,
    // Longer than any test here: only the test's own checks ping.
    everyMs: 60_000,
    // The pings here are the test's own: a stall of the machine running it makes none late.
    stalledWithin,
  });
  const messages = () => lines().map((line) => line.msg);
  return { watcher, messages };
}

describe('watchDependency', () => {
  it('when a ping fails and a later one answers, then the loss and the return are logged once each', async () => {
    const answers = [true, false, false, true, true];
    const { watcher, messages } = watch(() => Promise.resolve(answers.shift() ?? true));
    const seen: boolean[] = [];
    for (let check = 0; check < 5; check += 1) seen.push(await watcher.check());
    watcher.stop();
    expect(seen).toEqual([true, false, false, true, true]);
    expect(messages()).toEqual(['database unreachable', 'database reachable again']);
  });

  it('when a ping from before the loss answers after a newer one failed, then its answer is returned but not logged as the return', async () => {
    const pings = heldPings();
    const { watcher, messages } = watch(pings.ping);
    const older = watcher.check();
    const newer = watcher.check();
    pings.answer(1, false);
    await expect(newer).resolves.toBe(false);
    pings.answer(0, true);
    await expect(older).resolves.toBe(true);
    watcher.stop();
    expect(messages()).toEqual(['database unreachable']);
  });

  it('when a ping from during the loss fails after a newer one answered, then the loss is not logged again', async () => {
    const pings = heldPings();
    const { watcher, messages } = watch(pings.ping);
    const lost = watcher.check();
    pings.answer(0, false);
    await lost;
    const older = watcher.check();
    const newer = watcher.check();
    pings.answer(2, true);
    await newer;
    pings.answer(1, false);
    await expect(older).resolves.toBe(false);
    watcher.stop();
    expect(messages()).toEqual(['database unreachable', 'database reachable again']);
  });

  it('when stopped, then a ping still under way logs nothing', async () => {
    const pings = heldPings();
    const { watcher, messages } = watch(pings.ping);
    const pending = watcher.check();
    watcher.stop();
    pings.answer(0, false);
    await expect(pending).resolves.toBe(false);
    expect(messages()).toEqual([]);
  });

  it('when a ping fails while the event loop stood still, then it is sent again and only that answer counts', async () => {
    const answers = [false, true];
    const { watcher, messages } = watch(
      () => Promise.resolve(answers.shift() ?? true),
      () => 250,
    );
    await expect(watcher.check()).resolves.toBe(true);
    watcher.stop();
    expect(answers).toEqual([]);
    expect(messages()).toEqual([
      'event loop blocked: database ping answered late, not counted as an outage',
    ]);
  });
});
