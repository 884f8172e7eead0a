export interface ServiceRow {
  name: string;
  url: string;
  tryPath: string;
  /** Where Prometheus scrapes the service; undefined when metrics are off (`METRICS=off`). */
  metricsUrl?: string | undefined;
}

export const READY_HEADLINE = 'ready: every service answers GET /readyz with 200';

/** The one table printed when everything is ready; the metrics column only when there are metrics. */
export function renderUrlTable(
  rows: readonly ServiceRow[],
  extras: readonly (readonly [string, string])[],
): string {
  const withMetrics = rows.some((row) => row.metricsUrl !== undefined);
  const cells = [
    ['service', 'url', ...(withMetrics ? ['metrics'] : []), 'try'],
    ...rows.map((row) => [
      row.name,
      row.url,
      ...(withMetrics ? [row.metricsUrl ?? ''] : []),
      `curl ${row.url}${row.tryPath}`,
    ]),
  ];
  const widths =
    cells[0]?.map((_, column) =>
      Math.max(
        ...cells.map((line) => line[column]?.length ?? 0),
        ...(column === 0 ? extras.map(([label]) => label.length) : []),
      ),
    ) ?? [];
  const line = (texts: readonly string[]): string =>
    `  ${texts.map((text, column) => (column === texts.length - 1 ? text : text.padEnd(widths[column] ?? 0))).join('  ')}`;
  return [
    '',
    READY_HEADLINE,
    '',
    ...cells.map(line),
    '',
    ...extras.map(([label, value]) => line([label, value])),
    '',
    'Press Ctrl-C to stop everything.',
    '',
    '',
  ].join('\n');
}
