import type { ScenarioResult } from './result.js';

const escape = (text: string): string => text.replace(/\|/g, '\\|');

/** The results as one Markdown table, the form the root README shows. */
export function renderTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((result) =>
    [
      `${result.ok ? '' : '**FAILED** '}${result.scenario}`,
      result.sent,
      result.lost,
      result.recovery,
    ].map(escape),
  );
  return [
    '| scenario | sent | lost or failed | time to recover |',
    '| --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}
