import { describe, expect, it } from 'vitest';
import { startKeepAliveLoad } from '../src/testing/keep-alive-load.js';
import { startSlowService } from './child-process.js';

describe('a stop under load from keep-alive clients', () => {
  it('when SIGTERM arrives while 50 keep-alive connections send reads and writes, then every request sent is answered, each connection is closed by the service during the drain and the process exits 0', async (context) => {
    const service = startSlowService(context, { SHUTDOWN_DRAIN_MS: '2000' });
    const listening = await service.waitForLog((line) => line.msg === 'fixture listening');
    let answered = 0;
    const load = startKeepAliveLoad({
      url: String(listening.url),
      connections: 50,
      // As Kubernetes or any load balancer: no new connection once /readyz is 503.
      readinessPath: '/readyz',
      readinessEveryMs: 50,
      next: (worker) =>
        worker % 2 === 0
          ? { method: 'GET', path: '/slow?ms=5' }
          : { method: 'POST', path: '/items', body: '{}' },
      onAnswer: () => (answered += 1),
    });
    while (answered < 300) await new Promise((resolve) => setTimeout(resolve, 10));
    service.child.kill('SIGTERM');
    const result = await load.done;

    expect(await service.exited).toBe(0);
    expect(result.dropReasons).toEqual([]);
    expect(result.dropped).toBe(0);
    expect(result.hung).toBe(0);
    expect(result.answered).toBe(result.sent);
    expect(result.serverErrors).toBe(0);
    // Each connection was closed by the service during the drain, before the listener closed.
    expect(result.refused).toBe(0);
  });
});
