// Given to the services of traced scenarios with `node --import`, before their main.ts: starts
// OpenTelemetry as `@repo/common/tracing` does with an OTLP endpoint (same instrumentations, same
// batch processor), but the batches end in this process, counted and dropped, so the bench
// measures what tracing costs the service and not a collector's network round trips.
import { startTracing, type ReadableSpan, type SpanExporter } from '@repo/common/tracing/start';

type ExportCallback = Parameters<SpanExporter['export']>[1];

/** An exporter that accepts every batch at once and keeps nothing (memory stays flat under load). */
class DroppingExporter implements SpanExporter {
  private exported = 0;

  export(spans: ReadableSpan[], done: ExportCallback): void {
    this.exported += spans.length;
    done({ code: 0 });
  }

  shutdown(): Promise<void> {
    process.stderr.write(`traced-service: ${this.exported} spans exported\n`);
    return Promise.resolve();
  }
}

await startTracing({
  serviceName: 'bench-traced',
  serviceVersion: '0.0.0',
  exporter: new DroppingExporter(),
});
