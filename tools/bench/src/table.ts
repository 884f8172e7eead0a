export type Align = 'left' | 'right';

export interface Column<Row> {
  header: string;
  align?: Align;
  cell: (row: Row) => string;
}

function pad(text: string, width: number, align: Align): string {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

/** A Markdown table whose columns are padded to line up in a terminal too. */
export function renderTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.cell(row).replaceAll('|', '\\|')));
  const widths = columns.map((column, i) =>
    Math.max(3, column.header.length, ...cells.map((line) => (line[i] ?? '').length)),
  );
  const line = (values: readonly string[]): string =>
    `| ${values.map((value, i) => pad(value, widths[i] ?? 0, columns[i]?.align ?? 'left')).join(' | ')} |`;
  const rule = `| ${widths
    .map((width, i) =>
      columns[i]?.align === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
    )
    .join(' | ')} |`;
  return [line(columns.map((column) => column.header)), rule, ...cells.map(line)].join('\n');
}

/** Fixed decimals, or an en dash for a figure that could not be measured. */
export function formatNumber(value: number | undefined, decimals = 0): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value.toFixed(decimals);
}

/** Thousands separated by a thin gap, so 12345 reads as "12 345". */
export function formatCount(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return Math.round(value).toLocaleString('en-US').replaceAll(',', ' ');
}

/** Bytes as MiB with one decimal. */
export function formatMiB(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '–';
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A ratio as "0.93x", with a mark when it misses its target. */
export function formatRatio(value: number | undefined, target?: number): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  const text = `${value.toFixed(2)}x`;
  return target !== undefined && value < target ? `${text} (miss)` : text;
}
