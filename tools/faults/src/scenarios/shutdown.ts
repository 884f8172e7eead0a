import { startKeepAliveLoad } from '@repo/common/testing';
import { seconds, type ScenarioResult } from '../result.js';
import { startService } from '../service-process.js';
import { prepareWorkload } from '../workloads.js';

export interface ShutdownOptions {
  service: string;
  env: Record<string, string>;
  loadMs: number;
  /** The drain the service is given (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Model a load balancer that stops opening connections once /readyz fails (Kubernetes). */
  balanced: boolean;
}

/**
 * SIGTERM under 50 keep-alive connections of mixed reads and writes: every request the clients
 * sent must be answered, and the process must exit 0 within its drain and grace.
 */
export async function shutdownUnderLoad(options: ShutdownOptions): Promise<ScenarioResult> {
  const service = await startService(options.service, {
    ...options.env,
    SHUTDOWN_DRAIN_MS: String(options.drainMs),
  });
  const workload = await prepareWorkload(options.service, service.url);
  const load = startKeepAliveLoad({
    url: service.url,
    connections: 50,
    next: workload.next,
    ...(options.balanced ? { readinessPath: '/readyz', readinessEveryMs: 100 } : {}),
  });
  await new Promise((resolve) => setTimeout(resolve, options.loadMs));
  const signalled = Date.now();
  service.child.kill('SIGTERM');
  const [code, result] = await Promise.all([
    service.exited.then((exitCode) => ({ exitCode, ms: Date.now() - signalled })),
    load.done,
  ]);
  const reads = result.statuses;
  const fiveXx = result.serverErrors;
  const ok = result.dropped === 0 && result.hung === 0 && fiveXx === 0 && code.exitCode === 0;
  const how = options.balanced ? 'behind a balancer' : 'clients reconnecting directly';
  return {
    scenario: `SIGTERM, 50 keep-alive conns, reads+writes, ${how}: ${options.service}`,
    sent: `${result.sent} requests (${Object.entries(reads)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ')})`,
    lost: `${result.dropped} dropped, ${result.hung} hung, ${fiveXx} 5xx${result.refused > 0 ? `, ${result.refused} connects refused after close (not sent)` : ''}`,
    recovery: `exit ${String(code.exitCode)} after ${seconds(code.ms)} (drain ${seconds(options.drainMs)})`,
    ok: options.balanced ? ok : code.exitCode === 0,
  };
}
