import { describe, expect, it } from 'vitest';
import { renderUrlTable } from '../src/table.js';

describe('the URL table', () => {
  it('when the services serve metrics, then each row names its /metrics URL beside its own', () => {
    const table = renderUrlTable(
      [
        {
          name: 'products',
          url: 'http://localhost:6790',
          tryPath: '/products',
          metricsUrl: 'http://localhost:6790/metrics',
        },
        {
          name: 'tutorial',
          url: 'http://localhost:3000',
          tryPath: '/',
          metricsUrl: 'http://localhost:3000/metrics',
        },
      ],
      [['traces', 'OTLP to http://localhost:4318']],
    );
    const lines = table.split('\n');
    expect(lines).toContain(
      '  service   url                    metrics                        try',
    );
    expect(lines).toContain(
      '  products  http://localhost:6790  http://localhost:6790/metrics  curl http://localhost:6790/products',
    );
    expect(lines).toContain('  traces    OTLP to http://localhost:4318');
  });

  it('when metrics are off, then the table has no metrics column', () => {
    const table = renderUrlTable(
      [{ name: 'tutorial', url: 'http://localhost:3000', tryPath: '/' }],
      [],
    );
    expect(table).not.toContain('metrics');
    expect(table.split('\n')).toContain(
      '  tutorial  http://localhost:3000  curl http://localhost:3000/',
    );
  });
});
