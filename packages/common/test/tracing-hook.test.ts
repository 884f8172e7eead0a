import { describe, expect, it } from 'vitest';
import { bundleOf, runFixture } from './child-process.js';

/** The fixture run as a service is, after `--import @repo/common/tracing`, with `env`. */
async function traced(env: Record<string, string>) {
  const child = runFixture('packages/common/test/fixtures/tracing-state.ts', env, {
    nodeOptions: ['--import', bundleOf('packages/common/src/observability/tracing-hook.ts')],
  });
  const code = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

// Each test runs a process of its own, so they run side by side.
describe.concurrent('node --import @repo/common/tracing', () => {
  it('when no OTLP endpoint is set, then OpenTelemetry is not started', async () => {
    const { code, stdout, stderr } = await traced({});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ registered: false });
  });

  it('when OTEL_EXPORTER_OTLP_ENDPOINT is set, then tracing is started before the entry point runs', async () => {
    const { code, stdout } = await traced({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ registered: true });
  });

  it('when OTEL_SDK_DISABLED=true, then an endpoint does not start it', async () => {
    const { stdout } = await traced({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_SDK_DISABLED: 'true',
    });
    expect(JSON.parse(stdout)).toEqual({ registered: false });
  });

  it('when the endpoint is not a URL, then the process stops with one line naming the variable', async () => {
    const { code, stdout, stderr } = await traced({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(stderr).not.toContain('    at ');
  });
});
