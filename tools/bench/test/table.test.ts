import { describe, expect, it } from 'vitest';
import { formatCount, formatMiB, formatNumber, formatRatio, renderTable } from '../src/table.js';

describe('renderTable', () => {
  it('when given rows, then it renders an aligned Markdown table with right-aligned numbers', () => {
    const table = renderTable(
      [
        { header: 'route', cell: (row: { route: string; rate: number }) => row.route },
        { header: 'req/s', align: 'right', cell: (row) => String(row.rate) },
      ],
      [
        { route: 'GET /a', rate: 12_000 },
        { route: 'GET /longer', rate: 9 },
      ],
    );
    expect(table.split('\n')).toEqual([
      '| route       | req/s |',
      '| ----------- | ----: |',
      '| GET /a      | 12000 |',
      '| GET /longer |     9 |',
    ]);
  });

  it('when a cell holds a pipe, then it is escaped so the table keeps its columns', () => {
    const table = renderTable([{ header: 'x', cell: (row: string) => row }], ['a|b']);
    expect(table.split('\n')[2]).toBe('| a\\|b |');
  });
});

describe('number formats', () => {
  it('when a figure is missing or not finite, then it shows an en dash', () => {
    expect(formatNumber(undefined)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatMiB(undefined)).toBe('–');
    expect(formatRatio(Number.NaN)).toBe('–');
  });

  it('when counting, then thousands are separated by a space', () => {
    expect(formatCount(1_234_567.4)).toBe('1 234 567');
    expect(formatCount(999)).toBe('999');
  });

  it('when bytes are given, then they are shown in MiB with one decimal', () => {
    expect(formatMiB(64 * 1024 * 1024)).toBe('64.0 MB');
  });

  it('when a ratio is below its target, then it is marked as a miss', () => {
    expect(formatRatio(0.854, 0.9)).toBe('0.85x (miss)');
    expect(formatRatio(0.95, 0.9)).toBe('0.95x');
    expect(formatRatio(1.2)).toBe('1.20x');
  });
});
