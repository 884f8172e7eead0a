import { describe, expect, it } from 'vitest';
import { renderTable } from '../src/table.js';

describe('the faults table', () => {
  it('when scenarios are rendered, then each is one Markdown row, a failed one marked and pipes escaped', () => {
    const table = renderTable([
      { scenario: 'held', sent: '10 requests', lost: '0 dropped', recovery: '1 s', ok: true },
      { scenario: 'broke', sent: 'a | b', lost: '2 dropped', recovery: '-', ok: false },
    ]);
    expect(table.split('\n')).toEqual([
      '| scenario | sent | lost or failed | time to recover |',
      '| --- | --- | --- | --- |',
      '| held | 10 requests | 0 dropped | 1 s |',
      '| **FAILED** broke | a \\| b | 2 dropped | - |',
    ]);
  });
});
