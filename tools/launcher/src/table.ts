/** A service's URL, the request to try, and its /metrics unless metrics are off (`METRICS=off`). */
type ServiceRow = { name: string; url: string; tryPath: string; metricsUrl?: string | undefined };

/** The one table printed when everything is ready; a metrics column when there are metrics. */
export function renderUrlTable(rows: readonly ServiceRow[], extras: readonly string[][]): string {
  const withMetrics = rows.some((row) => row.metricsUrl !== undefined);
  const lines = [
    ['service', 'url', ...(withMetrics ? ['metrics'] : []), 'try'],
    ...rows.map(({ name, url, metricsUrl, tryPath }) => {
      return [name, url, ...(withMetrics ? [metricsUrl ?? ''] : []), `curl ${url}${tryPath}`];
    }),
  ];
  const labels = extras.map(([label = '']) => label.length);
  const widths = lines[0]?.map((_, column) =>
    Math.max(...lines.map((cells) => cells[column]?.length ?? 0), ...(column ? [] : labels)),
  );
  const line = (cells: readonly string[]): string =>
    `  ${cells.map((cell, column) => (column < cells.length - 1 ? cell.padEnd(widths?.[column] ?? 0) : cell)).join('  ')}`;
  const ready = 'ready: every service answers GET /readyz with 200';
  const bottom = [...extras.map(line), '', 'Press Ctrl-C to stop everything.', '', ''];
  return ['', ready, '', ...lines.map(line), '', ...bottom].join('\n');
}
