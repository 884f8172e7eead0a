export interface ServiceRow {
  name: string;
  url: string;
  tryPath: string;
  /** Where Prometheus scrapes the service; undefined when metrics are off (`METRICS=off`). */
  metricsUrl?: string | undefined;
}

export const READY_HEADLINE = 'ready: every service answers GET /readyz with 200';

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - text.length));
}

/** The one table printed when everything is ready. */
export function renderUrlTable(
  rows: readonly ServiceRow[],
  extras: readonly (readonly [string, string])[],
): string {
  const nameWidth = Math.max(
    'service'.length,
    ...rows.map((row) => row.name.length),
    ...extras.map(([label]) => label.length),
  );
  const urlWidth = Math.max('url'.length, ...rows.map((row) => row.url.length));
  const withMetrics = rows.some((row) => row.metricsUrl !== undefined);
  const metricsWidth = Math.max(
    'metrics'.length,
    ...rows.map((row) => row.metricsUrl?.length ?? 0),
  );
  const metricsColumn = (text: string): string =>
    withMetrics ? `${pad(text, metricsWidth)}  ` : '';
  const lines = [
    '',
    READY_HEADLINE,
    '',
    `  ${pad('service', nameWidth)}  ${pad('url', urlWidth)}  ${metricsColumn('metrics')}try`,
    ...rows.map(
      (row) =>
        `  ${pad(row.name, nameWidth)}  ${pad(row.url, urlWidth)}  ` +
        `${metricsColumn(row.metricsUrl ?? '')}curl ${row.url}${row.tryPath}`,
    ),
    '',
    ...extras.map(([label, value]) => `  ${pad(label, nameWidth)}  ${value}`),
    '',
    'Press Ctrl-C to stop everything.',
    '',
  ];
  return `${lines.join('\n')}\n`;
}
